import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { CONNECTION_GONE, countedAddress } from './counted-address';

describe('the address a limit counts against', () => {
  it('is none once the connection has closed (Node forgets the peer): a 400 nobody reads, not a 500', () => {
    const gone = () => countedAddress({ ip: undefined as unknown as string });
    expect(gone).toThrow(AppError);
    expect(gone).toThrow(CONNECTION_GONE);
  });

  it('is the address, an IPv4-mapped one as IPv4, and an IPv6 /64 as one', () => {
    expect(countedAddress({ ip: '203.0.113.9' })).toBe('203.0.113.9');
    expect(countedAddress({ ip: '::ffff:203.0.113.9' })).toBe('203.0.113.9');
    expect(countedAddress({ ip: '2001:db8:1:2:aaaa::1' })).toBe(countedAddress({ ip: '2001:db8:1:2:bbbb::9' }));
  });
});

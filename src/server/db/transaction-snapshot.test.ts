import { describe, expect, it } from 'vitest';
import { parseSnapshot, sameSnapshot } from './transaction-snapshot';

describe('sameSnapshot', () => {
  it('holds only when both snapshots see the same transactions', () => {
    const seen = parseSnapshot('100:105:101,103');
    expect(sameSnapshot(seen, parseSnapshot('100:105:101,103'))).toBe(true);
    // 103 committed since; a transaction began and ended; the oldest one ended.
    expect(sameSnapshot(seen, parseSnapshot('100:105:101'))).toBe(false);
    expect(sameSnapshot(seen, parseSnapshot('100:106:101,103'))).toBe(false);
    expect(sameSnapshot(seen, parseSnapshot('101:105:101,103'))).toBe(false);
    expect(sameSnapshot(seen, parseSnapshot('100:105:101,104'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isLoopbackAddress, isLoopbackName } from '../../http/loopback';
import { outboxExposureWarning } from './outbox-warning';

const warningFor = (env: NodeJS.ProcessEnv) => outboxExposureWarning(loadConfig(env));

describe('the warning at start about the outbox', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', 'localhost'])('says nothing while the server listens on loopback only (HOST=%s)', (HOST) => {
    expect(warningFor({ HOST })).toBeUndefined();
  });

  it('says loudly where messages go when it listens beyond this machine without a mail transport', () => {
    const warning = warningFor({ HOST: '0.0.0.0', PORT: '4000' });
    expect(warning).toContain('listens on 0.0.0.0, beyond this machine, without SMTP_URL (e-mail) or SMS_WEBHOOK_URL (SMS)');
    expect(warning).toContain('read only on this machine, at http://localhost:4000/dev/outbox');
  });

  it('names only the missing transport', () => {
    const warning = warningFor({ HOST: '::', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(warning).toContain('without SMS_WEBHOOK_URL (SMS).');
    expect(warning).not.toContain('SMTP_URL');
  });

  it('says no one can read them when it listens on one outside address only', () => {
    expect(warningFor({ HOST: '192.168.1.20' })).toContain('which HOST=192.168.1.20 does not listen on, so no one can read them');
  });

  it('says nothing with both transports, or in production (no outbox there)', () => {
    expect(warningFor({ HOST: '0.0.0.0', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_WEBHOOK_URL: 'https://sms.example/send' })).toBeUndefined();
    expect(warningFor({ HOST: '0.0.0.0', NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toBeUndefined();
  });
});

describe('what counts as this machine', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) => expect(isLoopbackAddress(address)).toBe(true));
  it.each(['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '128.0.0.1', '127.example', undefined])('%s is not', (address) =>
    expect(isLoopbackAddress(address)).toBe(false),
  );
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '[::1]', '127.0.0.1'])('the name %s means this machine', (name) => expect(isLoopbackName(name)).toBe(true));
  it.each(['localhost.evil.example', 'evil.example', '0.0.0.0', '[::]', '127.0.0.1.nip.io'])('the name %s does not', (name) =>
    expect(isLoopbackName(name)).toBe(false),
  );
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isLoopbackAddress, isLoopbackName } from '../../http/loopback';
import { outboxExposureWarning, outboxLinkLine } from './outbox-warning';

const warningFor = (env: NodeJS.ProcessEnv) => outboxExposureWarning(loadConfig(env));

describe('the warning at start about the outbox', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', 'localhost'])('says nothing while the server listens on loopback only (HOST=%s)', (HOST) => {
    expect(warningFor({ HOST })).toBeUndefined();
  });

  it('says loudly where messages go when it listens beyond this machine without a mail transport', () => {
    const warning = warningFor({ HOST: '0.0.0.0', PORT: '4000' });
    expect(warning).toContain('listens on 0.0.0.0, beyond this machine, without SMTP_URL (e-mail) or SMS_WEBHOOK_URL (SMS)');
    expect(warning).toContain('read only on this machine, through the outbox link above (it carries a token made at this start)');
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

const TOKEN = 'a-token-made-for-this-test-000000000000';
const linkFor = (env: NodeJS.ProcessEnv) => outboxLinkLine(loadConfig({ OUTBOX_TOKEN: TOKEN, ...env }));

describe('the outbox link printed at start', () => {
  it('opens the outbox on this machine with the token, at BASE_URL when it names this machine', () => {
    expect(linkFor({})).toBe(
      `Local outbox (sign-in links, resets and phone codes; open this link on this machine): http://127.0.0.1:3000/dev/outbox?token=${TOKEN}`,
    );
    expect(linkFor({ BASE_URL: 'http://localhost:5173' })).toContain(`: http://localhost:5173/dev/outbox?token=${TOKEN}`);
  });

  it('points to localhost when BASE_URL is the public site and the server listens everywhere', () => {
    expect(linkFor({ HOST: '0.0.0.0', PORT: '4000', BASE_URL: 'https://games.example' })).toContain(
      `: http://localhost:4000/dev/outbox?token=${TOKEN}`,
    );
  });

  it('is not printed when no one on this machine can reach it, when nothing goes to it, or in production', () => {
    expect(linkFor({ HOST: '192.168.1.20' })).toBeUndefined();
    expect(linkFor({ SMTP_URL: 'smtp://127.0.0.1:2525', SMS_WEBHOOK_URL: 'https://sms.example/send' })).toBeUndefined();
    expect(linkFor({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toBeUndefined();
  });

  it('carries a token made at each start unless OUTBOX_TOKEN sets one', () => {
    const first = loadConfig({}).messages.outboxToken;
    const second = loadConfig({}).messages.outboxToken;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).not.toBe(first);
    expect(loadConfig({ OUTBOX_TOKEN: TOKEN }).messages.outboxToken).toBe(TOKEN);
    expect(() => loadConfig({ OUTBOX_TOKEN: 'short' })).toThrow('OUTBOX_TOKEN: must be at least 32 letters, digits, - or _');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), OUTBOX_TOKEN: TOKEN }).messages.outboxToken).toBeUndefined();
  });
});

describe('what counts as this machine', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) =>
    expect(isLoopbackAddress(address)).toBe(true),
  );
  it.each(['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '128.0.0.1', '127.example', undefined])('%s is not', (address) =>
    expect(isLoopbackAddress(address)).toBe(false),
  );
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '[::1]', '127.0.0.1'])('the name %s means this machine', (name) =>
    expect(isLoopbackName(name)).toBe(true),
  );
  it.each(['localhost.evil.example', 'evil.example', '0.0.0.0', '[::]', '127.0.0.1.nip.io'])('the name %s does not', (name) =>
    expect(isLoopbackName(name)).toBe(false),
  );
});

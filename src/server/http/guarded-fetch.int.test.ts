import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInSite, type StandInSite } from '../../test-support/server/stand-in-site';
import { guardedFetch, OutgoingRequestError, type GuardedFetchOptions } from './guarded-fetch';
import { refusedAddressReason } from './outside-address';

// The guarded client refuses what is not public, at every hop, and bounds time and size. Only
// the stand-in site on 127.0.0.1 is ever contacted, and only because the test allows it.

const allowed: GuardedFetchOptions = { allowHosts: ['127.0.0.1'], timeoutMs: 1_500 };

async function failureOf(promise: Promise<unknown>): Promise<OutgoingRequestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutgoingRequestError);
  return error as OutgoingRequestError;
}

describe('which addresses are outside', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
  ])('refuses %s', (address) => {
    expect(refusedAddressReason(address)).toMatch(/not a public address/);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(refusedAddressReason(address)).toBeUndefined();
    },
  );
});

describe('guarded fetch', () => {
  let site: StandInSite;
  beforeAll(async () => {
    site = await startStandInSite();
  });
  afterAll(() => site?.close());

  it('fetches an allowed local server', async () => {
    const answer = await guardedFetch(site.url('/ok'), allowed);
    expect(answer).toMatchObject({ status: 200, redirects: 0 });
    expect(answer.body.toString()).toBe('fine');
  });

  it('answers a server error as a status, not a failure', async () => {
    expect((await guardedFetch(site.url('/broken'), allowed)).status).toBe(500);
  });

  it.each([
    'http://127.0.0.1:9/',
    'http://localhost:9/',
    'http://[::1]:9/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]:9/',
  ])('refuses %s without the allow-list, before connecting', async (url) => {
    const failure = await failureOf(guardedFetch(url, { timeoutMs: 1_500 }));
    expect(failure.kind).toBe('refused-address');
  });

  it('refuses the local server itself when it is not allowed', async () => {
    const before = site.hits.get('/ok') ?? 0;
    expect((await failureOf(guardedFetch(site.url('/ok')))).kind).toBe('refused-address');
    expect(site.hits.get('/ok') ?? 0).toBe(before);
  });

  it.each(['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://localhost:9/'])(
    'refuses a redirect from an allowed server to %s',
    async (target) => {
      const failure = await failureOf(guardedFetch(site.url(`/to?url=${encodeURIComponent(target)}`), allowed));
      expect(failure.kind).toBe('refused-address');
    },
  );

  it('stops a redirect loop at five', async () => {
    const before = site.hits.get('/loop') ?? 0;
    const failure = await failureOf(guardedFetch(site.url('/loop'), allowed));
    expect(failure.kind).toBe('too-many-redirects');
    expect((site.hits.get('/loop') ?? 0) - before).toBe(6);
  });

  it('gives up on a server that does not answer', async () => {
    const started = Date.now();
    const failure = await failureOf(guardedFetch(site.url('/hang'), { ...allowed, timeoutMs: 400 }));
    expect(failure.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('reads at most the bound of a long body', async () => {
    const answer = await guardedFetch(site.url('/big'), { ...allowed, maxBodyBytes: 64 * 1024 });
    expect(answer).toMatchObject({ status: 200, truncated: true });
    expect(answer.body.length).toBe(64 * 1024);
  });

  it('POSTs a body, and takes a redirect of it as the answer rather than sending the body on', async () => {
    const answer = await guardedFetch(site.url('/echo'), { ...allowed, method: 'POST', body: '{"to":"+14155550100"}' });
    expect(answer.body.toString()).toBe('POST {"to":"+14155550100"}');
    const before = site.hits.get('/echo') ?? 0;
    const redirected = await guardedFetch(site.url('/to?url=/echo'), { ...allowed, method: 'POST', body: '{}' });
    expect(redirected.status).toBe(302);
    expect(site.hits.get('/echo') ?? 0).toBe(before);
  });

  it('fetches only http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'gopher://127.0.0.1/', 'not a url']) {
      expect((await failureOf(guardedFetch(url, allowed))).kind).toBe('invalid-url');
    }
  });
});

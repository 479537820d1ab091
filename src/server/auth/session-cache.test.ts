import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from './session';
import { createSessionCache, SESSION_CACHE_MS, type CachedSession } from './session-cache';

const session = (token: string, userId = 'u1'): CachedSession => ({ id: `s-${token}`, token, userId, expiresAt: Date.now() + 3_600_000 });
const actor = (id: string, role: Actor['role'] = 'user'): Actor => ({
  id,
  email: `${id}@example.com`,
  name: id,
  username: null,
  image: null,
  role,
  emailVerified: true,
  signupComplete: true,
  suspension: null,
});

/** A load that counts its calls and answers when told to. */
function deferredLoad<V>(value: V) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async () => {
    await gate;
    return value;
  });
  return { load, release };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe('session cache', () => {
  it('answers a cookie from memory until SESSION_CACHE_MS has passed since its lookup began', async () => {
    const cache = createSessionCache(SESSION_CACHE_MS);
    const load = vi.fn(async () => session('abc'));
    await cache.session('abc.sig', load);
    vi.advanceTimersByTime(SESSION_CACHE_MS - 1);
    await cache.session('abc.sig', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache.session('abc.sig', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one lookup among requests that miss together', async () => {
    const cache = createSessionCache(SESSION_CACHE_MS);
    const { load, release } = deferredLoad(actor('u1'));
    const answers = Promise.all([cache.user('u1', load), cache.user('u1', load), cache.user('u1', load)]);
    release();
    expect(await answers).toEqual([actor('u1'), actor('u1'), actor('u1')]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep what a lookup read if the user changed while it ran', async () => {
    const cache = createSessionCache(SESSION_CACHE_MS);
    const { load: stale, release } = deferredLoad(actor('u1', 'admin'));
    const before = cache.user('u1', stale);
    cache.forgetUser('u1');
    const fresh = vi.fn(async () => actor('u1', 'user'));
    const after = cache.user('u1', fresh);
    release();
    expect((await before)?.role).toBe('admin');
    expect((await after)?.role).toBe('user');
    expect((await cache.user('u1', fresh))?.role).toBe('user');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('forgets a signed-out session and a changed user at once', async () => {
    const cache = createSessionCache(SESSION_CACHE_MS);
    await cache.session('abc.sig', async () => session('abc'));
    await cache.user('u1', async () => actor('u1', 'admin'));
    cache.forgetSession('abc');
    cache.forgetUser('u1');
    expect(await cache.session('abc.sig', async () => null)).toBeNull();
    expect((await cache.user('u1', async () => actor('u1', 'user')))?.role).toBe('user');
  });

  it('does not answer a cached token for a cookie with another signature', async () => {
    const cache = createSessionCache(SESSION_CACHE_MS);
    await cache.session('abc.good', async () => session('abc'));
    const forged = vi.fn(async () => null);
    expect(await cache.session('abc.forged', forged)).toBeNull();
    expect(forged).toHaveBeenCalledTimes(1);
  });

  it('keeps at most 1,000 unknown cookies, so junk cookies cannot grow the memory', async () => {
    const cache = createSessionCache(SESSION_CACHE_MS);
    for (let i = 0; i < 1_500; i++) await cache.session(`junk${i}.x`, async () => null);
    const load = vi.fn(async () => null);
    await cache.session('junk1499.x', load);
    expect(load).not.toHaveBeenCalled();
    await cache.session('junk0.x', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep cookies far longer than ours', async () => {
    const cache = createSessionCache(SESSION_CACHE_MS);
    const load = vi.fn(async () => null);
    const long = `${'x'.repeat(4000)}.y`;
    await cache.session(long, load);
    await cache.session(long, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('looks up every time when its lifetime is 0', async () => {
    const cache = createSessionCache(0);
    const load = vi.fn(async () => session('abc'));
    await cache.session('abc.sig', load);
    await cache.session('abc.sig', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

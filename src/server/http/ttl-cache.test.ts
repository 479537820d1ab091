import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('shares one computation between concurrent callers and remembers it for the ttl', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', compute)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.get('k', compute)).toBe(2);
    vi.useRealTimers();
  });

  it('does not remember failures', async () => {
    const cache = createTtlCache<string>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('computes every time when the ttl is 0, and drops the oldest entry when full', async () => {
    let calls = 0;
    const off = createTtlCache<number>(0);
    await off.get('k', async () => ++calls);
    await off.get('k', async () => ++calls);
    expect(calls).toBe(2);
    const small = createTtlCache<string>(1000, 2);
    await small.get('a', async () => 'a1');
    await small.get('b', async () => 'b1');
    await small.get('c', async () => 'c1');
    expect(await small.get('a', async () => 'a2')).toBe('a2');
    expect(await small.get('c', async () => 'c2')).toBe('c1');
  });

  it('past three quarters of its life, answers at once while one computation refreshes it; never older than the ttl', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000);
    let calls = 0;
    let finish: (() => void) | undefined;
    const slow = () => new Promise<number>((resolve) => (finish = () => resolve(++calls)));
    const first = cache.get('k', slow);
    finish!();
    expect(await first).toBe(1);
    vi.advanceTimersByTime(800);
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    expect(calls).toBe(1);
    vi.advanceTimersByTime(300);
    // The first answer is now 1100 ms old: callers wait for the refresh started at 800 ms.
    const late = cache.get('k', slow);
    finish!();
    expect(await late).toBe(2);
    vi.advanceTimersByTime(100);
    expect(await cache.get('k', slow)).toBe(2);
    expect(calls).toBe(2);
    vi.useRealTimers();
  });

  it('forgets everything on clear, including what a computation under way would have stored', async () => {
    const cache = createTtlCache<string>(1000);
    let finish: ((value: string) => void) | undefined;
    const pending = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish!('before the change');
    expect(await pending).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
    cache.clear();
    expect(await cache.get('k', async () => 'again')).toBe('again');
  });
});

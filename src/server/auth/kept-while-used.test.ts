import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptWhileUsed } from './kept-while-used';

afterEach(() => void vi.useRealTimers());

describe('keptWhileUsed', () => {
  it('loads once for the calls of a burst, and again only after it was idle', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const kept = keptWhileUsed(async () => ++loads, 60_000);
    expect(await Promise.all([kept.get(), kept.get()])).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(await kept.get()).toBe(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(kept.held()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(kept.held()).toBe(false);
    expect(await kept.get()).toBe(2);
  });

  it('tries again after a load that failed', async () => {
    let loads = 0;
    const kept = keptWhileUsed(async () => {
      loads += 1;
      if (loads === 1) throw new Error('dictionaries missing');
      return loads;
    }, 60_000);
    await expect(kept.get()).rejects.toThrow('dictionaries missing');
    expect(kept.held()).toBe(false);
    expect(await kept.get()).toBe(2);
  });
});

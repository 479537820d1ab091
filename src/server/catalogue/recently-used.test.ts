import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used';

const tenChars = (n: number) => String(n).padStart(10, '-');

describe('RecentlyUsed', () => {
  it('gives back what it keeps, and forgets what is forgotten or cleared', () => {
    const texts = new RecentlyUsed(1_000);
    texts.keep(1, 'one');
    texts.keep(2, 'two');
    texts.keep(2, 'two again');
    expect(texts.get(1)).toBe('one');
    expect(texts.get(2)).toBe('two again');
    texts.forget(1);
    expect(texts.get(1)).toBeUndefined();
    texts.clear();
    expect(texts.get(2)).toBeUndefined();
  });

  it('holds no more than its capacity, forgetting first what was used least recently', () => {
    const texts = new RecentlyUsed(100);
    for (let id = 0; id < 10; id++) texts.keep(id, tenChars(id));
    // Used again while the others are not: it outlives them.
    for (let id = 10; id < 40; id++) {
      expect(texts.get(0)).toBe(tenChars(0));
      texts.keep(id, tenChars(id));
    }
    const held = Array.from({ length: 40 }, (_, id) => id).filter((id) => texts.get(id) !== undefined);
    expect(held.length * 10).toBeLessThanOrEqual(100);
    expect(held).toContain(0);
    expect(held).toContain(39);
    expect(held).not.toContain(1);
  });

  it('forgets a text kept again in its older place', () => {
    const texts = new RecentlyUsed(40);
    texts.keep(1, tenChars(1));
    texts.keep(2, tenChars(2));
    texts.keep(3, tenChars(3));
    // 1 and 2 and 3 are now the older; 1 is kept again with a new text.
    texts.keep(1, 'new');
    expect(texts.get(1)).toBe('new');
    texts.forget(1);
    expect(texts.get(1)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { keepRecent } from './keep-recent';

describe('keepRecent', () => {
  it('puts a key last, and past the bound drops the one used least recently', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    keepRecent(map, 'a', 10, 3);
    expect([...map]).toEqual([
      ['b', 2],
      ['a', 10],
    ]);
    keepRecent(map, 'c', 3, 3);
    keepRecent(map, 'd', 4, 3);
    expect([...map.keys()]).toEqual(['a', 'c', 'd']);
  });
});

import { describe, expect, it } from 'vitest';
import { Timestamp } from '../documents';
import { listDetailsProblem, listFrom, listHref, moveGame, noteProblem } from './model';

const games = [
  { gameId: 1, note: 'a' },
  { gameId: 2, note: 'b' },
  { gameId: 3, note: 'c' },
];

describe('lists', () => {
  it('moves a game one place up or down, and leaves the ends alone', () => {
    expect(moveGame(games, 1, -1).map((game) => game.gameId)).toEqual([2, 1, 3]);
    expect(moveGame(games, 1, 1).map((game) => game.gameId)).toEqual([1, 3, 2]);
    expect(moveGame(games, 0, -1)).toEqual(games);
    expect(moveGame(games, 2, 1)).toEqual(games);
    expect(moveGame(games, -1, 1)).toEqual(games);
  });

  it('checks names, descriptions and notes at their limits', () => {
    expect(listDetailsProblem('  ', '')).toBe('Give the list a name.');
    expect(listDetailsProblem('x'.repeat(80), 'd'.repeat(500))).toBeNull();
    expect(listDetailsProblem('x'.repeat(81), '')).toBe('A list name has at most 80 characters.');
    expect(listDetailsProblem('Cozy', 'd'.repeat(501))).toBe('A description has at most 500 characters.');
    expect(noteProblem('n'.repeat(280))).toBeNull();
    expect(noteProblem('n'.repeat(281))).toBe('A note has at most 280 characters.');
  });

  it('reads whatever is stored without failing, keeping only well-formed games', () => {
    const at = Timestamp.fromMillis(1000);
    const list = listFrom('abc', {
      ownerId: 'u1',
      name: 'Cozy',
      public: 'yes',
      games: [{ gameId: 4, note: 'kept' }, { gameId: '5' }, null, { gameId: 6 }],
      updatedAt: at,
    });
    expect(list).toMatchObject({ id: 'abc', ownerId: 'u1', name: 'Cozy', description: '', public: false, updatedAt: at });
    expect(list.games).toEqual([
      { gameId: 4, note: 'kept' },
      { gameId: 6, note: '' },
    ]);
    expect(listFrom('x', undefined).name).toBe('Untitled list');
  });

  it('links to the list page with the id encoded', () => {
    expect(listHref('a b/c')).toBe('/list?id=a%20b%2Fc');
  });
});

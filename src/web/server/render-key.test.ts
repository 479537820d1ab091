import { describe, expect, it } from 'vitest';
import { renderKey } from './render-key';

const URL_OF_GAMES = 'https://gamesource.example/games';
const ME = '/api/me\n200\n{"user":{"id":"u1"}}';
const GAMES = '/api/games\n200\n{"items":[1,2]}';

describe('the key of a render', () => {
  it('is the same for the same answers, in whatever order they came', () => {
    const one = renderKey(URL_OF_GAMES, false, [ME, GAMES]);
    const other = renderKey(URL_OF_GAMES, false, [GAMES, ME]);
    expect(one).toBe(other);
  });

  it('differs when any answer, who is signed in among them, the answers read, the address or the guarded screens differ', () => {
    const base = renderKey(URL_OF_GAMES, false, [ME, GAMES]);
    expect(renderKey(URL_OF_GAMES, false, [ME.replace('u1', 'u2'), GAMES])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, [ME, GAMES.replace('2', '3')])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, [ME, GAMES.replace('200', '404')])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, [ME, GAMES, '/api/categories\n200\n[]'])).not.toBe(base);
    expect(renderKey(`${URL_OF_GAMES}?page=2`, false, [ME, GAMES])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, true, [ME, GAMES])).not.toBe(base);
  });

  it('cannot be made the same by moving text from one answer to the next', () => {
    expect(renderKey(URL_OF_GAMES, false, ['ab', 'c'])).not.toBe(renderKey(URL_OF_GAMES, false, ['a', 'bc']));
  });
});

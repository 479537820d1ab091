import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderKey } from './render-key';

const clientWith = (names: string[], updatedAt = 1) => {
  const client = new QueryClient();
  for (const name of names) client.setQueryData([name], { name }, { updatedAt });
  return client;
};
const URL_OF_GAMES = 'https://gamesource.example/games';
const ME = '/api/me\n200\n{"user":{"id":"u1"}}';
const GAMES = '/api/games\n200\n{"items":[1,2]}';

describe('the key of a render', () => {
  it('is the same for the same answers, whenever they were read and in whatever order', () => {
    const one = renderKey(URL_OF_GAMES, false, clientWith(['me', 'games'], 1), [ME, GAMES]);
    const other = renderKey(URL_OF_GAMES, false, clientWith(['games', 'me'], 999), [GAMES, ME]);
    expect(one).toBe(other);
  });

  it('differs when any answer, who is signed in among them, the queries, the address or the guarded screens differ', () => {
    const client = clientWith(['me', 'games']);
    const base = renderKey(URL_OF_GAMES, false, client, [ME, GAMES]);
    expect(renderKey(URL_OF_GAMES, false, client, [ME.replace('u1', 'u2'), GAMES])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, client, [ME, GAMES.replace('2', '3')])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, client, [ME, GAMES.replace('200', '404')])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, clientWith(['me', 'games', 'categories']), [ME, GAMES])).not.toBe(base);
    expect(renderKey(`${URL_OF_GAMES}?page=2`, false, client, [ME, GAMES])).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, true, client, [ME, GAMES])).not.toBe(base);
  });

  it('cannot be made the same by moving text from one answer to the next', () => {
    const client = clientWith(['me']);
    expect(renderKey(URL_OF_GAMES, false, client, ['ab', 'c'])).not.toBe(renderKey(URL_OF_GAMES, false, client, ['a', 'bc']));
  });
});

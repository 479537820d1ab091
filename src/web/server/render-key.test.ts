import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderKey } from './render-key';

const clientWith = (answers: Record<string, unknown>, updatedAt = 1) => {
  const client = new QueryClient();
  for (const [name, data] of Object.entries(answers)) client.setQueryData([name], data, { updatedAt });
  return client;
};
const URL_OF_GAMES = 'https://gamesource.example/games';

describe('the key of a render', () => {
  it('is the same for the same answers, whenever they were read and in whatever order', () => {
    const one = clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 2] } }, 1);
    const other = clientWith({ games: { items: [1, 2] }, me: { user: { id: 'u1' } } }, 999);
    expect(renderKey(URL_OF_GAMES, false, one)).toBe(renderKey(URL_OF_GAMES, false, other));
  });

  it('differs when any answer, who is signed in among them, the address or the guarded screens differ', () => {
    const base = renderKey(URL_OF_GAMES, false, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 2] } }));
    expect(renderKey(URL_OF_GAMES, false, clientWith({ me: { user: { id: 'u2' } }, games: { items: [1, 2] } }))).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 3] } }))).not.toBe(base);
    expect(renderKey(`${URL_OF_GAMES}?page=2`, false, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 2] } }))).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, true, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 2] } }))).not.toBe(base);
  });
});

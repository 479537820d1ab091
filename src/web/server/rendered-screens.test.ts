import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createRenderedScreens, renderKey } from './rendered-screens';

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
    expect(renderKey(URL_OF_GAMES, false, one, null)).toBe(renderKey(URL_OF_GAMES, false, other, null));
  });

  it('differs when any answer, who is signed in among them, the address or the guarded screens differ', () => {
    const base = renderKey(URL_OF_GAMES, false, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 2] } }), null);
    expect(renderKey(URL_OF_GAMES, false, clientWith({ me: { user: { id: 'u2' } }, games: { items: [1, 2] } }), null)).not.toBe(base);
    expect(renderKey(URL_OF_GAMES, false, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 3] } }), null)).not.toBe(base);
    expect(renderKey(`${URL_OF_GAMES}?page=2`, false, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 2] } }), null)).not.toBe(
      base,
    );
    expect(renderKey(URL_OF_GAMES, true, clientWith({ me: { user: { id: 'u1' } }, games: { items: [1, 2] } }), null)).not.toBe(base);
  });
});

describe('rendered screens kept', () => {
  it('answers what was kept under a key, and nothing under another', () => {
    const screens = createRenderedScreens(100, 1_000);
    screens.set('a', '<main>a</main>', 0);
    expect(screens.get('a', 10)).toBe('<main>a</main>');
    expect(screens.get('b', 10)).toBeUndefined();
  });

  it('stays within its budget, dropping the screen sent least recently first', () => {
    const screens = createRenderedScreens(30, 1_000);
    screens.set('a', 'x'.repeat(10), 0);
    screens.set('b', 'y'.repeat(10), 0);
    screens.get('a', 1);
    screens.set('c', 'z'.repeat(15), 2);
    expect(screens.get('b', 3)).toBeUndefined();
    expect(screens.get('a', 3)).toBe('x'.repeat(10));
    expect(screens.get('c', 3)).toBe('z'.repeat(15));
    expect(screens.size).toBeLessThanOrEqual(30);
  });

  it('renders again a screen older than its longest life, and never keeps one larger than the budget', () => {
    const screens = createRenderedScreens(30, 1_000);
    screens.set('old', 'o', 0);
    expect(screens.get('old', 1_000)).toBeUndefined();
    screens.set('huge', 'h'.repeat(31), 0);
    expect(screens.get('huge', 1)).toBeUndefined();
    expect(screens.size).toBe(0);
  });
});

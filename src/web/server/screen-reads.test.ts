import { describe, expect, it } from 'vitest';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';
import type { InProcessAnswer, ScreenRenderRequest } from '../../shared/server-render';
import { renderKey } from './render-key';
import { createScreenReads, pathsReadBefore } from './screen-reads';

/** A visitor's request whose API answers each path with its name, counting how often each was asked. */
function requestAt(url: string, headers: Record<string, string> = {}) {
  const asked: string[] = [];
  const request: ScreenRenderRequest = {
    url,
    publicCatalogue: false,
    fetchApi: async (path): Promise<InProcessAnswer> => {
      asked.push(path);
      return { status: 200, headers, body: JSON.stringify({ path }) };
    },
  };
  return { request, asked };
}

describe("one server render's reads", () => {
  it('reads each path once, gives the screen its answer, and keys every answer it read', async () => {
    const { request, asked } = requestAt('https://gamesource.example/games?one');
    const reads = createScreenReads(request);
    const [first, again] = await Promise.all([reads.transport('/api/me', {}), reads.transport('/api/me', {})]);
    await reads.readAll(['/api/me', '/api/categories']);
    expect(asked).toEqual(['/api/me', '/api/categories']);
    expect(await first.json()).toEqual({ path: '/api/me' });
    expect(again.ok).toBe(true);
    expect(reads.count).toBe(2);
    const answers = ['/api/me', '/api/categories'].map((path) => `${path}\n200\n${JSON.stringify({ path })}`);
    expect(await reads.key()).toBe(renderKey(request.url, false, answers));
  });

  it('keys an answer only once it has come', async () => {
    const { request } = requestAt('https://gamesource.example/games?two');
    const reads = createScreenReads(request);
    void reads.transport('/api/me', {});
    expect(await reads.key()).toBe(renderKey(request.url, false, [`/api/me\n200\n${JSON.stringify({ path: '/api/me' })}`]));
  });

  it('notes a possibly stale answer', async () => {
    const { request } = requestAt('https://gamesource.example/games?three', { [POSSIBLY_STALE_HEADER]: 'Thu, 03 Dec 2026 10:00:00 GMT' });
    const reads = createScreenReads(request);
    expect(reads.possiblyStale).toBe(false);
    await reads.readAll(['/api/games']);
    expect(reads.possiblyStale).toBe(true);
  });

  it("remembers the paths an address read, and guesses another address's of the same shape with its values", async () => {
    const { request } = requestAt('https://gamesource.example/game-detail?id=4');
    const reads = createScreenReads(request);
    expect(pathsReadBefore(request)).toBeUndefined();
    await reads.readAll(['/api/me', '/api/games/4', '/api/games/4/viewer?similar=6&reviews=10&updates=3']);
    reads.remember(['/api/me', '/api/games/4', '/api/games/4/viewer?similar=6&reviews=10&updates=3']);
    expect(pathsReadBefore(request)).toEqual(['/api/me', '/api/games/4', '/api/games/4/viewer?similar=6&reviews=10&updates=3']);
    expect(pathsReadBefore(requestAt('https://gamesource.example/game-detail?id=57').request)).toEqual([
      '/api/me',
      '/api/games/57',
      '/api/games/57/viewer?similar=6&reviews=10&updates=3',
    ]);
    expect(pathsReadBefore(requestAt('https://gamesource.example/game-detail?id=a%2Fb').request)?.[1]).toBe('/api/games/a%2Fb');

    const list = requestAt('https://gamesource.example/games?q=moon&tags=a,b');
    const listReads = createScreenReads(list.request);
    await listReads.readAll(['/api/games?q=moon&tags=a,b&page=1']);
    listReads.remember(['/api/games?q=moon&tags=a,b&page=1']);
    expect(pathsReadBefore(requestAt('https://gamesource.example/games?q=sun+dial&tags=a,b').request)).toEqual([
      '/api/games?q=sun+dial&tags=a,b&page=1',
    ]);
    expect(pathsReadBefore(requestAt('https://gamesource.example/game-detail?game=5').request)).toBeUndefined();

    const odd = requestAt('https://gamesource.example/game-detail?id=api');
    const oddReads = createScreenReads(odd.request);
    await oddReads.readAll(['/api/me', '/api/games/api']);
    oddReads.remember(['/api/me', '/api/games/api']);
    expect(pathsReadBefore(requestAt('https://gamesource.example/game-detail?id=9').request)).toBeUndefined();
    expect(pathsReadBefore({ ...request, publicCatalogue: true })).toBeUndefined();
  });

  it("guesses from only what a shape's screen asked for, so a wrong guess is not guessed again", async () => {
    const viewer = (id: number) => `/api/games/${id}/viewer?similar=6&reviews=10&updates=5`;
    const screenOf = async (id: number) => {
      const { request, asked } = requestAt(`https://gamesource.example/game-detail?id=${id}`);
      const reads = createScreenReads(request);
      await reads.readAll(pathsReadBefore(request) ?? []);
      for (const path of ['/api/me', `/api/games/${id}`, viewer(id)]) await reads.transport(path, {});
      reads.remember(reads.asked());
      return asked;
    };
    await screenOf(10);
    // Game 10's paths say "10" twice: the guess for game 21 swaps both, and is wrong once.
    expect(await screenOf(21)).toEqual(['/api/me', '/api/games/21', '/api/games/21/viewer?similar=6&reviews=21&updates=5', viewer(21)]);
    // Game 21 itself reads all it read again, the wrong guess too: its kept page was keyed by every answer.
    expect(pathsReadBefore(requestAt('https://gamesource.example/game-detail?id=21').request)).toContain(
      '/api/games/21/viewer?similar=6&reviews=21&updates=5',
    );
    expect(await screenOf(32)).toEqual(['/api/me', '/api/games/32', viewer(32)]);
  });
});

import { describe, expect, it } from 'vitest';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';
import { isPossiblyStale, noteAnswer } from './possibly-stale';

const answer = (status: number, stale = false) => ({
  ok: status >= 200 && status < 300,
  headers: new Headers(stale ? { [POSSIBLY_STALE_HEADER]: 'Thu, 03 Dec 2026 15:00:00 GMT' } : {}),
});

describe('the possibly-stale banner state', () => {
  it('turns on with an answer carrying the header and off with a fresh catalogue answer', () => {
    expect(isPossiblyStale()).toBe(false);
    noteAnswer('/api/games?page=2', answer(200, true));
    expect(isPossiblyStale()).toBe(true);
    noteAnswer('/api/games/4', answer(200));
    expect(isPossiblyStale()).toBe(false);
  });

  it('stays on through refusals and answers that are not the catalogue’s', () => {
    noteAnswer('/api/home', answer(200, true));
    noteAnswer('/api/me/favourites', answer(503));
    noteAnswer('/api/me', answer(200));
    noteAnswer('/api/games', answer(503));
    expect(isPossiblyStale()).toBe(true);
    noteAnswer('/api/categories', answer(200));
    expect(isPossiblyStale()).toBe(false);
  });
});

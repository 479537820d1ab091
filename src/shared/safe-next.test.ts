import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it.each([
    '/',
    '/games',
    '/games?category=rpg&page=2',
    '/game-detail?id=3#reviews',
    '/submit-game',
    '/support#terms',
    '/loginx',
    '/games/login',
  ])('keeps the path %s of this site', (next) => {
    expect(safeNext(next)).toBe(next);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['games'],
    ['//evil.example'],
    ['//evil.example/games'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['https://evil.example'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/games\u0000'],
    ['/login'],
    ['/login/'],
    ['/login?next=/games'],
    ['/LOGIN'],
    ['/logout'],
    ['/sign-out'],
    [`/${'a'.repeat(3000)}`],
  ])('sends %j to /', (next) => {
    expect(safeNext(next)).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { appRoutes, findAppRoute, pathOf, routePaths } from './routes';

describe('the route table', () => {
  it('has every route of the spec, with its aliases', () => {
    const paths = appRoutes.flatMap(routePaths).sort();
    expect(paths).toEqual(
      [
        '/',
        '/login',
        '/about',
        '/community',
        '/support',
        '/reset-password',
        '/magic-link',
        '/verify-email',
        '/profile',
        '/account',
        '/categories',
        '/favourites',
        '/game-detail',
        '/gamedetail',
        '/games',
        '/logout',
        '/sign-out',
        '/onboarding',
        '/profile-setup',
        '/profilesetup',
        '/signup',
        '/submit-game',
        '/submitgame',
        '/my-games',
        '/moderation',
        '/list',
        '/lists',
        '/public-lists',
        '/following',
        '/report',
        '/supabase-setup',
        '/firebase-test',
        '/minimal-firebase-test',
        '/firebase-data-tester',
        '/firebase-verifier',
        '/minimal-firebase-verifier',
      ].sort(),
    );
  });

  it('finds a route by its path or an alias, with or without a trailing slash', () => {
    expect(findAppRoute('/gamedetail')?.id).toBe('game-detail');
    expect(findAppRoute('/profilesetup/')?.id).toBe('profile-setup');
    expect(findAppRoute('/')?.id).toBe('home');
    expect(findAppRoute('/nope')).toBeUndefined();
    expect(findAppRoute('/GAMES')).toBeUndefined();
  });

  it('guards exactly the routes the spec guards, and the account settings', () => {
    const guarded = appRoutes.filter((r) => r.access === 'guarded').map((r) => r.path);
    expect(guarded).toEqual([
      '/account',
      '/categories',
      '/favourites',
      '/following',
      '/game-detail',
      '/games',
      '/logout',
      '/onboarding',
      '/profile-setup',
      '/signup',
      '/submit-game',
      '/my-games',
      '/moderation',
      '/lists',
      '/report',
    ]);
    expect(pathOf('submit-game')).toBe('/submit-game');
  });
});

import { describe, it } from 'vitest';
import { useBrowser } from './support/browser';
import { checkRouteScreen, routeScreens } from './support/route-screens';

const session = useBrowser();

// The members' screens are checked in routes.e2e.ts, beside this file.
describe('every public and diagnostic route of the spec', () => {
  it.each(routeScreens((route) => route.access !== 'guarded'))(
    '$url renders its screen with no serious accessibility problem',
    async (screen) => {
      await checkRouteScreen(session, screen);
    },
  );
});

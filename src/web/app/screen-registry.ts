import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRouteId } from '../../shared/routes';
import { ScreenLoadError } from '../components/errors/screen-load-error';
import type { StepDiagnosticRoute } from '../screens/step-diagnostics/step-diagnostic-screen';

type LazyScreen = LazyExoticComponent<ComponentType>;

function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  return lazy(() =>
    load().catch((error: unknown) => {
      throw new ScreenLoadError(error);
    }),
  );
}

function stepDiagnostic(route: StepDiagnosticRoute): LazyScreen {
  return lazyScreen(() =>
    import('../screens/step-diagnostics/step-diagnostic-screen').then((module) => ({
      default: module.stepDiagnosticScreens[route],
    })),
  );
}

/** Every screen in its own chunk, fetched the first time its route renders. */
export const screens: Record<AppRouteId, LazyScreen> = {
  home: lazyScreen(() => import('../screens/home/home-screen')),
  login: lazyScreen(() => import('../screens/login/login-screen')),
  about: lazyScreen(() => import('../screens/about/about-screen')),
  community: lazyScreen(() => import('../screens/community/community-screen')),
  support: lazyScreen(() => import('../screens/support/support-screen')),
  'reset-password': lazyScreen(() => import('../screens/reset-password/reset-password-screen')),
  'magic-link': lazyScreen(() => import('../screens/magic-link/magic-link-screen')),
  'verify-email': lazyScreen(() => import('../screens/verify-email/verify-email-screen')),
  profile: lazyScreen(() => import('../screens/profile/profile-screen')),
  list: lazyScreen(() => import('../screens/list/list-screen')),
  'public-lists': lazyScreen(() => import('../screens/public-lists/public-lists-screen')),
  account: lazyScreen(() => import('../screens/account/account-screen')),
  categories: lazyScreen(() => import('../screens/categories/categories-screen')),
  following: lazyScreen(() => import('../screens/following/following-screen')),
  favourites: lazyScreen(() => import('../screens/favourites/favourites-screen')),
  'game-detail': lazyScreen(() => import('../screens/game-detail/game-detail-screen')),
  games: lazyScreen(() => import('../screens/games/games-screen')),
  logout: lazyScreen(() => import('../screens/logout/logout-screen')),
  onboarding: lazyScreen(() => import('../screens/onboarding/onboarding-screen')),
  'profile-setup': lazyScreen(() => import('../screens/profile-setup/profile-setup-screen')),
  signup: lazyScreen(() => import('../screens/signup/signup-screen')),
  'submit-game': lazyScreen(() => import('../screens/submit-game/submit-game-screen')),
  'my-games': lazyScreen(() => import('../screens/my-games/my-games-screen')),
  moderation: lazyScreen(() => import('../screens/moderation/moderation-screen')),
  lists: lazyScreen(() => import('../screens/lists/lists-screen')),
  report: lazyScreen(() => import('../screens/report/report-screen')),
  'supabase-setup': lazyScreen(() => import('../screens/supabase-setup/supabase-setup-screen')),
  'firebase-test': stepDiagnostic('firebase-test'),
  'minimal-firebase-test': stepDiagnostic('minimal-firebase-test'),
  'firebase-data-tester': lazyScreen(() => import('../screens/firebase-data-tester/firebase-data-tester-screen')),
  'firebase-verifier': stepDiagnostic('firebase-verifier'),
  'minimal-firebase-verifier': stepDiagnostic('minimal-firebase-verifier'),
};

export const NotFoundScreen = lazyScreen(() => import('../screens/not-found/not-found-screen'));

export const SomethingWentWrongScreen = lazy(() => import('../screens/something-went-wrong/something-went-wrong-screen'));

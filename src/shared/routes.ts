/**
 * The one route table. The server answers 200 for these paths (404 for any other),
 * and the web router builds its routes from the same entries.
 */
export type RouteAccess = 'public' | 'guarded' | 'diagnostic';

export interface AppRoute {
  id: string;
  path: string;
  aliases: readonly string[];
  access: RouteAccess;
  title: string;
}

const route = <const Id extends string>(
  id: Id,
  path: string,
  access: RouteAccess,
  title: string,
  aliases: readonly string[] = [],
): AppRoute & { id: Id } => ({ id, path, aliases, access, title });

export const appRoutes = [
  route('home', '/', 'public', 'Home'),
  route('login', '/login', 'public', 'Sign in'),
  route('about', '/about', 'public', 'About'),
  route('community', '/community', 'public', 'Community'),
  route('support', '/support', 'public', 'Support'),
  route('reset-password', '/reset-password', 'public', 'Reset password'),
  route('magic-link', '/magic-link', 'public', 'Sign-in link'),
  route('verify-email', '/verify-email', 'public', 'E-mail verified'),
  route('profile', '/profile', 'public', 'Profile'),
  route('list', '/list', 'public', 'List'),
  route('public-lists', '/public-lists', 'public', 'Public lists'),

  route('account', '/account', 'guarded', 'Account settings'),

  route('categories', '/categories', 'guarded', 'Categories'),
  route('favourites', '/favourites', 'guarded', 'Favourites'),
  route('following', '/following', 'guarded', 'Following'),
  route('game-detail', '/game-detail', 'guarded', 'Game', ['/gamedetail']),
  route('games', '/games', 'guarded', 'Games'),
  route('logout', '/logout', 'guarded', 'Sign out', ['/sign-out']),
  route('onboarding', '/onboarding', 'guarded', 'Onboarding'),
  route('profile-setup', '/profile-setup', 'guarded', 'Profile setup', ['/profilesetup']),
  route('signup', '/signup', 'guarded', 'Sign up'),
  route('submit-game', '/submit-game', 'guarded', 'Submit a game', ['/submitgame']),
  route('my-games', '/my-games', 'guarded', 'My games'),
  route('moderation', '/moderation', 'guarded', 'Moderation'),
  route('lists', '/lists', 'guarded', 'Lists'),
  route('report', '/report', 'guarded', 'Report'),

  route('supabase-setup', '/supabase-setup', 'diagnostic', 'Database setup'),
  route('firebase-test', '/firebase-test', 'diagnostic', 'Document store test'),
  route('minimal-firebase-test', '/minimal-firebase-test', 'diagnostic', 'Minimal document store test'),
  route('firebase-data-tester', '/firebase-data-tester', 'diagnostic', 'Document explorer'),
  route('firebase-verifier', '/firebase-verifier', 'diagnostic', 'Verifier'),
  route('minimal-firebase-verifier', '/minimal-firebase-verifier', 'diagnostic', 'Minimal verifier'),
] as const satisfies readonly AppRoute[];

export type AppRouteId = (typeof appRoutes)[number]['id'];

/**
 * The catalogue's screens: guarded as the spec says, unless the operator opens the catalogue
 * to visitors (PUBLIC_CATALOGUE, decision 0031); signing in is then asked only for actions.
 */
export const publicCatalogueRouteIds: readonly AppRouteId[] = ['games', 'game-detail', 'categories'];

/** Whether a route needs a signed-in user, given whether the catalogue is public. */
export function isGuarded(r: AppRoute, publicCatalogue: boolean): boolean {
  if (r.access !== 'guarded') return false;
  return !(publicCatalogue && (publicCatalogueRouteIds as readonly string[]).includes(r.id));
}

/** Paths that end a session: a guard never sends them to login with `next`. */
export const signOutPaths: readonly string[] = ['/logout', '/sign-out'];

export function routePaths(r: AppRoute): string[] {
  return [r.path, ...r.aliases];
}

function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname;
}

export function findAppRoute(pathname: string): AppRoute | undefined {
  const path = normalisePath(pathname);
  return appRoutes.find((r) => routePaths(r).includes(path));
}

export function pathOf(id: AppRouteId): string {
  const found = appRoutes.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found.path;
}

import { findAppRoute, pathOf, signOutPaths } from '../../shared/routes';

function normalisedPath(pathname: string): string {
  return findAppRoute(pathname)?.path ?? pathname;
}

export function isSignOutPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return signOutPaths.includes(path) || normalisedPath(pathname) === pathOf('logout');
}

/** Where a signed-out visitor goes: to sign in, then back here (a sign-out page never comes back). */
export function loginPathFor(pathname: string, search: string): string {
  if (isSignOutPath(pathname)) return pathOf('login');
  return `${pathOf('login')}?next=${encodeURIComponent(pathname + search)}`;
}

/** The product's sign-up step (username, terms) comes first, except on itself and on sign-out. */
export function needsSignupStep(pathname: string): boolean {
  return normalisedPath(pathname) !== pathOf('signup') && !isSignOutPath(pathname);
}

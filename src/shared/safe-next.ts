import { signOutPaths } from './routes';

const FALLBACK = '/';
const MAX_LENGTH = 2048;
const ORIGIN = 'https://gamesource.invalid';
const hasControlCharacter = (text: string) =>
  [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

/** Where a sign-in must never land: back on the sign-in page, or on a page that signs out. */
const refusedPaths = ['/login', ...signOutPaths];

/**
 * The `next` address to go to after signing in, if it is a path of this site; '/' otherwise.
 * Refuses other origins ('//host', '/\host', 'https:...'), control characters (browsers drop
 * tabs and newlines, so '/\t/host' would become '//host'), and the sign-in and sign-out pages.
 */
export function safeNext(next: string | null | undefined): string {
  if (typeof next !== 'string' || next.length > MAX_LENGTH) return FALLBACK;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return FALLBACK;
  if (hasControlCharacter(next)) return FALLBACK;
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== ORIGIN) return FALLBACK;
  const path = url.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (refusedPaths.includes(path)) return FALLBACK;
  return next;
}

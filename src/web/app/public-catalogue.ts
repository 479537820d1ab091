/**
 * Whether the operator opened the catalogue to visitors (PUBLIC_CATALOGUE): the server says so
 * in every page's head, so the routes are known before the first request.
 */
export function catalogueIsPublic(): boolean {
  return document.querySelector('meta[name="gamesource:catalogue"]')?.getAttribute('content') === 'public';
}

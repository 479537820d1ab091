/** The scheme and host of an absolute-form target (`GET http://host/path`, as a proxy is sent). */
const ABSOLUTE_FORM_AUTHORITY = /^https?:\/\/[^/?#]*/i;

/**
 * The request's target as a URL on `origin`, read as the router reads it and resolved as Better
 * Auth's router resolves it (`/api/auth/x/../y` is `/api/auth/y`). The target is always a path
 * on `origin`: parsed against a base, one that starts with `//` or `/\` would name a host
 * instead, and one that is no valid host (`//%F2%A4%B9%8B`) made `new URL` throw, a 500.
 */
export function requestUrlOn(origin: string, target: string): URL {
  const path = target.replace(ABSOLUTE_FORM_AUTHORITY, '');
  return new URL(`${origin}${path.startsWith('/') ? '' : '/'}${path}`);
}

// The session cookie as the session cache reads it. The cache keys its answers on this value, so
// Better Auth must be asked about this same value and no other: `withOnlySessionCookie` makes the
// headers it is given carry one session cookie, the one read here.

const pairsOf = (header: string | undefined) =>
  (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='));

const nameOf = (pair: string) => pair.slice(0, pair.indexOf('=')).trim();

/** The raw value of the first cookie called `name`, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  const pair = pairsOf(header).find((candidate) => nameOf(candidate) === name);
  const value = pair?.slice(pair.indexOf('=') + 1).trim();
  return value ? value : undefined;
}

/** The cookie header with every cookie called `name` replaced by one with `value`. */
export function withOnlySessionCookie(header: string | undefined, name: string, value: string): string {
  return [`${name}=${value}`, ...pairsOf(header).filter((pair) => nameOf(pair) !== name)].join('; ');
}

/** The session token inside a signed cookie value (`token.signature`). */
export function tokenOf(cookieValue: string): string {
  const decoded = decodeURIComponentSafe(cookieValue);
  const dot = decoded.lastIndexOf('.');
  return dot > 0 ? decoded.slice(0, dot) : decoded;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

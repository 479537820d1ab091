// The session token lives in an HttpOnly cookie so that page scripts cannot read it; an answer
// a script can read must not hand it over anyway (get-session, sign-in, list-sessions...).

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutToken(value: Json): Json {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'token'));
}

/** The body without `token`, `session.token` and the tokens of listed sessions. */
export function withoutSessionTokens(body: Json): Json {
  if (Array.isArray(body)) return body.map(withoutToken);
  if (!isObject(body)) return body;
  const rest = withoutToken(body) as Record<string, Json>;
  if (isObject(rest.session)) rest.session = withoutToken(rest.session);
  if (Array.isArray(rest.sessions)) rest.sessions = rest.sessions.map(withoutToken);
  return rest;
}

/** A JSON text with the session tokens taken out (text that is not JSON is left as it is). */
export function jsonWithoutSessionTokens(text: string): string {
  try {
    return JSON.stringify(withoutSessionTokens(JSON.parse(text) as Json));
  } catch {
    return text;
  }
}

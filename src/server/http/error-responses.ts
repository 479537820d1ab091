import { errorBodySchema } from '../../shared/errors';

/** The `{ error: { code, message } }` answer under each of these statuses, for a route's response schemas. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;

/** What any signed-in route may refuse: bad input, not signed in, not allowed, no such thing, too many writes. */
export const signedInErrors = errorResponses(400, 401, 403, 404, 429);

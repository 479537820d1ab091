import type { FastifyInstance } from 'fastify';
import { formBodyProblem } from '../../http/input-checks';

/** A page form sends a few short fields; anything longer is not one of ours. */
export const PAGE_FORM_BODY_LIMIT = 4 * 1024;

/**
 * Reads `application/x-www-form-urlencoded` bodies as a plain object of strings (the last of a
 * repeated field wins), for the routes of this scope only; the route's schema checks the fields.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: PAGE_FORM_BODY_LIMIT },
    (_request, body, done) => {
      const problem = formBodyProblem(body as string);
      if (problem) return done(problem, undefined);
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

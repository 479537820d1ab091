import { z } from 'zod';

/** The largest id a row can have: ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

/**
 * Marks the refusal of an id in a URL path that no row can have: the API answers it 404
 * `not-found`, like any unknown id, rather than 400 (decision 0002).
 */
export const NO_SUCH_ID = 'no-such-id';

const positiveWholeNumber = (number: z.ZodNumber, name: string) =>
  number
    // Not `.int()`: it refuses whole numbers past 2^53 as malformed, and those are only too large.
    .refine(Number.isInteger, { error: `${name} must be a whole number`, abort: true })
    .min(1, { error: `${name} must be a positive whole number` });

/** An id in a JSON body: a positive whole number some row could have; larger is bad input (400). */
export const idSchema = (name = 'id') =>
  positiveWholeNumber(z.number({ error: `${name} must be a number` }), name).max(MAX_ID, {
    error: `${name} must be at most ${MAX_ID}`,
  });

/** An id in a query string: as `idSchema`, from text. */
export const idQuerySchema = (name = 'id') =>
  positiveWholeNumber(z.coerce.number({ error: `${name} must be a number` }), name).max(MAX_ID, {
    error: `${name} must be at most ${MAX_ID}`,
  });

/**
 * An id in a URL path naming one `thing`: malformed is 400, and one past MAX_ID names nothing,
 * so it answers 404 with the same words as an unknown id.
 */
export const pathIdSchema = (thing: string, name = 'id') =>
  positiveWholeNumber(z.coerce.number({ error: `${name} must be a number` }), name)
    .refine((id) => id <= MAX_ID, {
      error: (issue) => `No ${thing} with id ${String(issue.input)}`,
      params: { reason: NO_SUCH_ID },
    })
    .meta({ description: `The ${thing}'s id`, examples: [1] });

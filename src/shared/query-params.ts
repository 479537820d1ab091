import { z } from 'zod';

/** `?name=` as a whole number from `min` to `max`, each way it can be wrong told by name. */
export const wholeNumberParam = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be from ${min} to ${max}` })
    .max(max, { error: `${name} must be from ${min} to ${max}` });

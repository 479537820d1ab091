import { z } from 'zod';
import { BACK_FIELD, FAVOURITE_FIELD, FOLLOW_FIELD, PLAY_WHERE_FIELD } from './page-forms';

const backSchema = z
  .string({ error: 'back must be a path of this site' })
  .max(2048, { error: 'back must be at most 2048 characters' })
  .meta({
    description: "The page to go back to (a path of this site; anything else goes to the game's or maker's page)",
    examples: ['/games?q=chess'],
  });

export const playFormSchema = z.object({
  [PLAY_WHERE_FIELD]: z.enum(['page', 'build'], { error: "where must be 'page' or 'build' when given" }).optional().meta({
    description:
      "For a game whose web build is hosted here: 'page' goes back to its page, playing; 'build' goes to the build itself, for a game that plays in a tab of its own",
  }),
});

/** A form's yes or no, as the text a form sends. */
const wish = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((value) => value === 'true');

export const favouriteFormSchema = z.object({
  [FAVOURITE_FIELD]: wish(FAVOURITE_FIELD),
  [BACK_FIELD]: backSchema.optional(),
});

export const followFormSchema = z.object({
  [FOLLOW_FIELD]: wish(FOLLOW_FIELD),
  [BACK_FIELD]: backSchema.optional(),
});

/** A 303's body is empty: where it goes is in its Location header. */
export const seeOtherSchema = (where: string) =>
  z.literal('').meta({ description: `See Other, with an empty body: ${where} (in Location)` });

import { z } from 'zod';
import { categorySlugSchema } from './categories';
import { gameListItemSchema } from './games';

/** How many games each home section shows; "See all" leads to the catalogue for more. */
export const HOME_SECTION_SIZE = 8;

const gamesSchema = z.array(gameListItemSchema).max(HOME_SECTION_SIZE);

/** "For you": games in the user's favourite categories they have not made favourites yet. */
export const forYouSchema = z.object({
  /** The favourite categories it was made from, in the order picked; empty means "pick some first". */
  categories: z.array(categorySlugSchema),
  items: gamesSchema,
});
export type ForYou = z.infer<typeof forYouSchema>;

/** `GET /api/home`: the home page's sections; `forYou` is null for a signed-out visitor. */
export const homeSchema = z.object({
  featured: gamesSchema,
  trending: gamesSchema,
  newest: gamesSchema,
  topRated: gamesSchema,
  forYou: forYouSchema.nullable(),
  /** Which of the games shown are the viewer's favourites (for the hearts); null for a signed-out visitor. */
  favouriteIds: z.array(z.number().int().positive()).nullable(),
});
export type Home = z.infer<typeof homeSchema>;

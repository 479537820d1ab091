import { z } from 'zod';
import { gameListItemSchema } from './games';

/** `PUT` / `DELETE /api/games/:id/favourite`: the state the game is now in. */
export const favouriteStateSchema = z.object({ favourite: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

/** `GET /api/me/favourites`: the signed-in user's favourites, newest first. */
export const favouritesPageSchema = z.object({
  items: z.array(gameListItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type FavouritesPage = z.infer<typeof favouritesPageSchema>;

/** `GET /api/me/favourites/among?ids=`: which of the games asked about are favourites. */
export const favouriteIdsSchema = z.object({ ids: z.array(z.number().int().positive()) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

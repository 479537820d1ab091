import { z } from 'zod';
import { gameListItemSchema } from './games';
import { pageSchema } from './pagination';

/** `PUT` / `DELETE /api/games/:id/favourite`: the state the game is now in. */
export const favouriteStateSchema = z.object({ favourite: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

/** `GET /api/me/favourites`: the signed-in user's favourites, newest first. */
export const favouritesPageSchema = pageSchema(gameListItemSchema);
export type FavouritesPage = z.infer<typeof favouritesPageSchema>;

/** `GET /api/me/favourites/among?ids=`: which of the games asked about are favourites. */
export const favouriteIdsSchema = z.object({ ids: z.array(z.number().int().positive()) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

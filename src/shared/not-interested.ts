import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination';

/** Whether you said "Not interested" to a game or a maker. */
export const hiddenStateSchema = z.object({ hidden: z.boolean() });
export type HiddenState = z.infer<typeof hiddenStateSchema>;

export const HIDDEN_MAX_PAGE_SIZE = 48;
export const hiddenListQuerySchema = pageQuerySchema({ defaultSize: 24, maxSize: HIDDEN_MAX_PAGE_SIZE });

/** A game you hid, as /account lists it. */
export const hiddenGameSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  developer: z.string(),
  hiddenAt: z.string(),
});
export type HiddenGame = z.infer<typeof hiddenGameSchema>;

/** A maker you hid, as /account lists them. */
export const hiddenMakerSchema = z.object({
  id: z.string(),
  name: z.string(),
  hiddenAt: z.string(),
});
export type HiddenMaker = z.infer<typeof hiddenMakerSchema>;

/** `GET /api/me/not-interested/games`: the games you hid, the latest first. */
export const hiddenGamesPageSchema = pageSchema(hiddenGameSchema);
export type HiddenGamesPage = z.infer<typeof hiddenGamesPageSchema>;

/** `GET /api/me/not-interested/makers`: the makers you hid, the latest first. */
export const hiddenMakersPageSchema = pageSchema(hiddenMakerSchema);
export type HiddenMakersPage = z.infer<typeof hiddenMakersPageSchema>;

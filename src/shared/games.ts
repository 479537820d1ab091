import { z } from 'zod';
import { aiDisclosureSchema } from './ai-disclosure';
import { buildAspectRatios } from './builds';
import { catalogueFacetsSchema, gameAiSchema } from './catalogue';
import { categorySlugSchema } from './categories';
import { pathIdSchema } from './ids';
import { pageSchema } from './pagination';

export const priceKinds = ['free', 'paid'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A game as the API returns it from `GET /api/games/:id` (`id` a number, as the spec says). */
export const gameSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  /** Path of the cover art on this site, for our own pages. */
  image: z.string(),
  /** Absolute URL of the same cover, for sharing and other sites. */
  imageUrl: z.string(),
  imageAlt: z.string(),
  /** The primary category: always the first of `categories`. */
  category: categorySlugSchema,
  categories: z.array(categorySlugSchema).min(1),
  price: z.enum(priceKinds),
  /** Only present for paid games. */
  priceAmount: z.number().positive().optional(),
  rating: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  releaseDate: isoDate,
  developer: z.string(),
  playCount: z.number().int().nonnegative(),
  /** How the game uses AI. */
  ai: gameAiSchema,
  /** Where Play opens the game (a new tab). */
  playUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

/** A screenshot of a game (the cover is not among them). */
export const gameMediaSchema = z.object({ path: z.string(), alt: z.string() });
export type GameMedia = z.infer<typeof gameMediaSchema>;

/** `GET /api/games/:id`: the game with what only its own page shows. */
export const gameDetailSchema = gameSchema.extend({
  /** The description as HTML made from its Markdown (raw HTML shown as text, links checked), for the page to show as it is. */
  descriptionHtml: z.string(),
  /** How many ratings gave 1, 2, 3, 4 and 5 stars, in that order. */
  ratingHistogram: z.array(z.number().int().nonnegative()).length(5),
  media: z.array(gameMediaSchema),
  /** The maker who listed it (their page is `/profile?id=`); null for the sample games. */
  makerId: z.string().nullable(),
  /** The second edition of the AI disclosure (decision 0064): 'not-stated' where the maker has not said. */
  /** The web build that plays in the page (decision 0071), on the games origin; null when the game plays elsewhere. */
  hostedBuild: z
    .object({
      version: z.number().int().positive(),
      playUrl: z.string().meta({ description: "The build's entry page on the games origin, for the page's frame and Open in a new tab" }),
      aspectRatio: z.enum(buildAspectRatios).meta({ description: "The shape of the game's screen in the page, width:height" }),
      crossOriginIsolated: z.boolean().meta({ description: 'The game needs cross-origin isolation: it plays in a tab of its own' }),
    })
    .nullable(),
  aiDisclosure: aiDisclosureSchema.describe(
    "What the AI makes and when, whose model, where the player's input goes and whether it is kept, what playing costs, what an on-device model needs, and its licence. Any answer may be 'not-stated' (empty text, null numbers) for a game listed before these questions.",
  ),
});
export type GameDetail = z.infer<typeof gameDetailSchema>;

/** A game in a list: the spec turns `id` into a string when listed. */
export const gameListItemSchema = gameSchema.extend({ id: z.string().regex(/^\d+$/) });
export type GameListItem = z.infer<typeof gameListItemSchema>;

export const gamePageSchema = pageSchema(gameListItemSchema).extend({
  facets: catalogueFacetsSchema,
  /** Which of the page's games are the signed-in viewer's favourites (for the hearts); absent for a visitor. */
  favouriteIds: z.array(z.number().int().positive()).optional(),
});
export type GamePage = z.infer<typeof gamePageSchema>;

export const gameIdParamsSchema = z.object({ id: pathIdSchema('game') });

export const playResultSchema = z.object({
  /** False when this user already played this game in the last hour. */
  counted: z.boolean(),
  playCount: z.number().int().nonnegative(),
  playUrl: z.string(),
});
export type PlayResult = z.infer<typeof playResultSchema>;

export const similarGamesSchema = z.object({ items: z.array(gameListItemSchema) });

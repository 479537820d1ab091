import { z } from 'zod';
import { pathIdSchema } from './ids';
import { pageQuerySchema, pageSchema } from './pagination';
import {
  UPDATE_AI_MODEL_MAX_LENGTH,
  UPDATE_BODY_MAX_LENGTH,
  UPDATE_TITLE_MAX_LENGTH,
  UPDATES_DEFAULT_PAGE_SIZE,
  UPDATES_MAX_PAGE_SIZE,
} from './update-values';

export * from './update-values';

const count = (max: number) => max.toLocaleString('en-US');

/** `POST /api/games/:id/updates` and `PUT /api/updates/:updateId`: what the maker writes. */
export const updateInputSchema = z
  .object({
    title: z
      .string({ error: 'Write a title as text' })
      .trim()
      .min(1, { error: 'Give your update a title' })
      .max(UPDATE_TITLE_MAX_LENGTH, { error: `Keep the title to ${count(UPDATE_TITLE_MAX_LENGTH)} characters or fewer` }),
    body: z
      .string({ error: 'Write the update as text' })
      .trim()
      .min(1, { error: 'Write what changed' })
      .max(UPDATE_BODY_MAX_LENGTH, { error: `Keep the update to ${count(UPDATE_BODY_MAX_LENGTH)} characters or fewer` }),
    aiChanged: z.boolean({ error: 'Say whether the AI changed with true or false' }).default(false),
    aiModel: z
      .string({ error: 'Write the model’s name as text' })
      .trim()
      .max(UPDATE_AI_MODEL_MAX_LENGTH, { error: `Keep the model’s name to ${count(UPDATE_AI_MODEL_MAX_LENGTH)} characters or fewer` })
      .default(''),
  })
  .refine((input) => !input.aiChanged || input.aiModel.length > 0, { error: 'Name the model the game uses now', path: ['aiModel'] })
  .refine((input) => input.aiChanged || input.aiModel.length === 0, {
    error: 'Tick “The AI changed” to name a new model',
    path: ['aiModel'],
  });
export type UpdateInput = z.infer<typeof updateInputSchema>;

export const updateIdParamsSchema = z.object({ updateId: pathIdSchema('update', 'updateId') });

export const updateListQuerySchema = pageQuerySchema({ defaultSize: UPDATES_DEFAULT_PAGE_SIZE, maxSize: UPDATES_MAX_PAGE_SIZE });

/** An update as anyone sees it. */
export const gameUpdateSchema = z.object({
  id: z.number().int().positive(),
  gameId: z.number().int().positive(),
  title: z.string(),
  body: z.string(),
  /** The body as HTML made from its Markdown (raw HTML shown as text, links checked), for pages to show as it is. */
  bodyHtml: z.string(),
  /** The new model's name when the maker said the AI changed; null otherwise. */
  aiModel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
});
export type GameUpdate = z.infer<typeof gameUpdateSchema>;

export const gameUpdatePageSchema = pageSchema(gameUpdateSchema).extend({
  /** Whether the viewer is the game's maker: they may post, edit and delete. */
  yourGame: z.boolean(),
});
export type GameUpdatePage = z.infer<typeof gameUpdatePageSchema>;

/** An entry of the Following feed's updates: the update and the game it is about. */
export const followedUpdateSchema = gameUpdateSchema.extend({ gameTitle: z.string() });
export const followedUpdatePageSchema = pageSchema(followedUpdateSchema);
export type FollowedUpdatePage = z.infer<typeof followedUpdatePageSchema>;

export const updateDeletedSchema = z.object({ deleted: z.literal(true) });

import { z } from 'zod';
import { MAX_LIVE_TOPICS, parseTopic } from './live';
import { LIVE_CURSOR_PATTERN, parseLiveCursor, type LiveCursor } from './live-cursor';

// Kept apart from live.ts so screens can name topics without loading Zod.

const lastEventIdSchema = z
  .string()
  .regex(LIVE_CURSOR_PATTERN, { error: 'lastEventId must be a live event id' })
  .transform((text) => parseLiveCursor(text) as LiveCursor);

/** GET /api/live?topics=a,b&lastEventId=<txid>-<id> */
export const liveQuerySchema = z.object({
  topics: z
    .string({ error: 'topics is required: topic names separated by commas' })
    .transform((value) => [...new Set(value.split(','))])
    .refine((topics) => topics.length <= MAX_LIVE_TOPICS, { error: `topics may name at most ${MAX_LIVE_TOPICS} topics` })
    .refine((topics) => topics.every((topic) => parseTopic(topic) !== null), {
      error: 'topics must be known topics: catalogue, game:<id>, user:<id>, document:<path> or collection:<path>',
    }),
  lastEventId: lastEventIdSchema.optional(),
});

export type LiveQuery = z.infer<typeof liveQuerySchema>;

/** The Last-Event-ID header a reconnecting EventSource sends. */
export const lastEventIdHeaderSchema = lastEventIdSchema.optional().catch(undefined);

import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination';
import { workStatuses } from './work-status-values';

/** "Still works" (decision 0067): what the checks and the players say of a game. */
export const gameWorkStatusSchema = z.object({
  status: z.enum(workStatuses),
  /** When the server last checked the game's address; null for a game it does not check. */
  lastCheckedAt: z.string().nullable(),
});
export type GameWorkStatus = z.infer<typeof gameWorkStatusSchema>;

export const gameCheckSchema = z.object({
  checkedAt: z.string(),
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  reason: z.string(),
  durationMs: z.number().int().nonnegative(),
  manual: z.boolean(),
});
export type GameCheck = z.infer<typeof gameCheckSchema>;

export const gameCheckPageSchema = pageSchema(gameCheckSchema);
export type GameCheckPage = z.infer<typeof gameCheckPageSchema>;
export const gameCheckQuerySchema = pageQuerySchema({ defaultSize: 10, maxSize: 30 });

/** The answer to "Check now": the check, and the status it leaves. */
export const checkNowResultSchema = z.object({ check: gameCheckSchema, status: gameWorkStatusSchema });

export const worksForMeReceiptSchema = z.object({ counted: z.literal(true), status: gameWorkStatusSchema });

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** The maker's health address: a full https URL, or null to check the play URL instead. */
export const healthUrlInputSchema = z.object({
  healthUrl: z
    .string({ error: 'Health address must be text or null' })
    .trim()
    .max(500, { error: 'Health address must be at most 500 characters' })
    .refine(isHttpsUrl, { error: 'Health address must be a full https:// address' })
    .nullable(),
});
export const healthUrlSchema = z.object({ healthUrl: z.string().nullable() });

import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination';
import { reportedTextSchema, reportKinds } from './reports';

/** Every action a decision row can hold: the queue's, and the account list's reinstatement. */
export const decisionActions = ['dismiss', 'remove', 'unlist', 'warn', 'suspend', 'ban', 'reinstate'] as const;
/** A decision its author may appeal: one that did something to them or their content. */
export const appealableActions: readonly (typeof decisionActions)[number][] = ['remove', 'unlist', 'warn', 'suspend', 'ban'];
export const appealStatuses = ['open', 'upheld', 'overturned'] as const;
export const appealOutcomes = ['uphold', 'overturn'] as const;
export type AppealOutcome = (typeof appealOutcomes)[number];

export const APPEAL_TEXT_MAX = 2000;

const numericId = (what: string) =>
  z.coerce
    .number({ error: `Not the id of ${what}` })
    .int({ error: `Not the id of ${what}` })
    .min(1, { error: `Not the id of ${what}` })
    .max(2_147_483_647, { error: `Not the id of ${what}` });

export const decisionIdParamsSchema = z.object({ id: numericId('a decision').meta({ description: "The decision's id", examples: [1] }) });
export const appealIdParamsSchema = z.object({ id: numericId('an appeal').meta({ description: "The appeal's id", examples: [1] }) });

export const appealInputSchema = z.object({
  text: z
    .string({ error: 'Say why you think the decision is wrong' })
    .trim()
    .min(1, { error: 'Say why you think the decision is wrong' })
    .max(APPEAL_TEXT_MAX, { error: `An appeal must be at most ${APPEAL_TEXT_MAX} characters` }),
});
export type AppealInput = z.infer<typeof appealInputSchema>;

export const appealSchema = z.object({
  id: z.number(),
  decisionId: z.number(),
  status: z.enum(appealStatuses),
  text: z.string(),
  createdAt: z.string(),
  /** The second moderator's reason, once decided. */
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export const appealReceiptSchema = z.object({ appeal: appealSchema });

/** A decision about the signed-in member, as their account page lists it. */
export const myDecisionSchema = z.object({
  id: z.number(),
  action: z.enum(decisionActions),
  /** Null for a decision about the account itself. */
  targetKind: z.enum(reportKinds).nullable(),
  targetId: z.string().nullable(),
  suspendDays: z.number().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  appeal: appealSchema.nullable(),
  /** Whether it can still be appealed: an action against them, not appealed before. */
  mayAppeal: z.boolean(),
});
export const myDecisionsQuerySchema = pageQuerySchema({ defaultSize: 20, maxSize: 50 });
export const myDecisionsSchema = pageSchema(myDecisionSchema);

/** What a decided appeal came to, as staff see it (the author never learns who). */
export const appealVerdictSchema = z.object({
  status: z.enum(['upheld', 'overturned']),
  reason: z.string(),
  decidedAt: z.string(),
  moderatorName: z.string(),
});

/** An appeal as the moderators' queue shows it: open ones to decide, decided ones to read. */
export const appealQueueItemSchema = z.object({
  id: z.number(),
  text: z.string(),
  createdAt: z.string(),
  appellant: z.object({ id: z.string(), name: z.string() }).nullable(),
  decision: z.object({
    id: z.number(),
    action: z.enum(decisionActions),
    targetKind: z.enum(reportKinds).nullable(),
    targetId: z.string().nullable(),
    suspendDays: z.number().nullable(),
    reason: z.string(),
    createdAt: z.string(),
    /** Who decided (staff see it; the author never does). */
    moderatorName: z.string(),
  }),
  /** What the item said when it was first reported; null for a decision about an account. */
  whenReported: reportedTextSchema.nullable(),
  /** Whether the viewing moderator may decide it: never the one who made the decision, nor the appellant. */
  mayDecide: z.boolean(),
  whyNot: z.string(),
  /** Null while the appeal is open. */
  verdict: appealVerdictSchema.nullable(),
});
export type AppealQueueItem = z.infer<typeof appealQueueItemSchema>;
export const appealQueueStatuses = ['open', 'decided'] as const;
export type AppealQueueStatus = (typeof appealQueueStatuses)[number];
export const appealQueueQuerySchema = pageQuerySchema({ defaultSize: 20, maxSize: 50 }).extend({
  status: z
    .enum(appealQueueStatuses, { error: 'status must be open or decided' })
    .default('open')
    .meta({ description: 'Open appeals (oldest first) or decided ones (the latest decided first)' }),
});
export const appealQueueSchema = pageSchema(appealQueueItemSchema);
export type AppealQueue = z.infer<typeof appealQueueSchema>;

export const appealDecisionInputSchema = z.object({
  outcome: z.enum(appealOutcomes, { error: 'Choose uphold or overturn' }),
  reason: z
    .string({ error: 'Write the reason the author will be shown' })
    .trim()
    .min(1, { error: 'Write the reason the author will be shown' })
    .max(2000, { error: 'The reason must be at most 2000 characters' }),
});
export type AppealDecisionInput = z.infer<typeof appealDecisionInputSchema>;

export const appealDecidedSchema = z.object({
  appeal: appealSchema,
  /** What an overturn put back, in words; empty when upheld. */
  undone: z.string(),
});

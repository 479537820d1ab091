import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination';

/** What a member can report: a maker's reply to a review too (issue 33, part 6), and a maker's update post (issue 37, part 4). */
export const reportKinds = ['game', 'review', 'list', 'profile', 'reply', 'update'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportReasons = [
  'spam',
  'harassment',
  'sexual',
  'violence',
  'personal-information',
  'stolen-work',
  'misleading-ai-disclosure',
  'harmful-ai-output',
  'broken',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  sexual: 'Sexual content',
  violence: 'Violence',
  'personal-information': 'Personal information',
  'stolen-work': 'Stolen work',
  'misleading-ai-disclosure': 'The AI disclosure is wrong',
  'harmful-ai-output': 'Harmful AI output',
  broken: 'Broken',
  other: 'Something else',
};

/** The two reasons that are about a game's AI: only a game can be reported for them. */
export const gameOnlyReasons: readonly ReportReason[] = ['misleading-ai-disclosure', 'harmful-ai-output'];
export const reasonsFor = (kind: ReportKind): ReportReason[] =>
  reportReasons.filter((reason) => kind === 'game' || !gameOnlyReasons.includes(reason));

export const REPORT_NOTE_MAX = 1000;

const numericId = /^[1-9][0-9]{0,9}$/;
const textId = /^[A-Za-z0-9_-]{1,128}$/;
/** The kinds whose ids are row numbers. */
export const numericKinds: readonly ReportKind[] = ['game', 'review', 'reply', 'update'];

export const reportInputSchema = z
  .object({
    kind: z.enum(reportKinds, { error: 'Say what you are reporting: a game, a review, a reply, an update, a list or a profile' }),
    targetId: z.string({ error: 'Say which item you are reporting' }).min(1).max(128),
    reason: z.enum(reportReasons, { error: 'Choose a reason' }),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX, { error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
      .default(''),
  })
  .refine((input) => (numericKinds.includes(input.kind) ? numericId : textId).test(input.targetId), {
    error: 'That is not the id of anything that can be reported',
    path: ['targetId'],
  })
  .refine((input) => reasonsFor(input.kind).includes(input.reason), {
    error: 'That reason is for games only',
    path: ['reason'],
  });
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportReceiptSchema = z.object({
  report: z.object({ id: z.number(), status: z.literal('open'), createdAt: z.string() }),
});

/** What the reported item said: kept as it was when first reported, so an edit cannot hide it. */
export const reportedTextSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Extra fields that were reported too (a game's AI disclosure, a profile's links). */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ReportedText = z.infer<typeof reportedTextSchema>;

export const reportStatuses = ['open', 'dismissed', 'actioned'] as const;

export const reportGroupSchema = z.object({
  kind: z.enum(reportKinds),
  targetId: z.string(),
  count: z.number().int().positive(),
  firstReportedAt: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where the item is seen on the site (empty once it is gone). */
  link: z.string(),
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int().positive() })),
  notes: z.array(z.object({ reason: z.enum(reportReasons), note: z.string(), createdAt: z.string() })),
  whenReported: reportedTextSchema,
  /** Null once the item is gone (deleted, or removed). */
  now: reportedTextSchema.nullable(),
  /** Whether the viewing moderator may decide it: not their own content, nor a report they filed. */
  mayDecide: z.boolean(),
  whyNot: z.string(),
  /** Hidden pending this decision: enough members in good standing reported it (decision 0058). */
  held: z.boolean(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportQueueQuerySchema = pageQuerySchema({ defaultSize: 20, maxSize: 50 });
export const reportQueueSchema = pageSchema(reportGroupSchema);
export type ReportQueue = z.infer<typeof reportQueueSchema>;

export const reportActions = ['dismiss', 'remove', 'unlist', 'warn', 'suspend', 'ban'] as const;
export type ReportAction = (typeof reportActions)[number];
export const suspensionDays = [1, 7, 30] as const;

/** What each action is called on a button, by the kind of item. */
export const reportActionLabels: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove the content',
  unlist: 'Unlist the game',
  warn: 'Warn the author',
  suspend: 'Suspend the author',
  ban: 'Ban the author',
};

/** Which actions fit a kind: a game is unlisted, not removed; the rest are removed or reset. */
export const actionsFor = (kind: ReportKind): ReportAction[] =>
  reportActions.filter((action) => (kind === 'game' ? action !== 'remove' : action !== 'unlist'));

const reasonText = (who: string) =>
  z
    .string({ error: `Write the reason ${who} will be shown` })
    .trim()
    .min(1, { error: `Write the reason ${who} will be shown` })
    .max(2000, { error: 'The reason must be at most 2000 characters' });

export const reportDecisionInputSchema = z
  .object({
    action: z.enum(reportActions, { error: 'Choose an action' }),
    reason: reasonText('the author'),
    days: z.union([z.literal(1), z.literal(7), z.literal(30)], { error: 'A suspension lasts 1, 7 or 30 days' }).optional(),
  })
  .refine((input) => input.action !== 'suspend' || input.days !== undefined, {
    error: 'A suspension lasts 1, 7 or 30 days',
    path: ['days'],
  });
export type ReportDecisionInput = z.infer<typeof reportDecisionInputSchema>;

export const reportGroupParamsSchema = z.object({
  kind: z
    .enum(reportKinds, { error: 'No such kind of report' })
    .meta({ description: 'What kind of item was reported', examples: ['review'] }),
  targetId: z
    .string()
    .regex(textId, { error: 'Not an id' })
    .meta({ description: 'The reported item’s id', examples: ['1'] }),
});

export const reportDecisionSchema = z.object({
  decision: z.object({ id: z.number(), action: z.enum(reportActions), reportsClosed: z.number().int().nonnegative() }),
});

/** A member's standing: what a suspended member is shown, and what the moderators' account list shows. */
export const suspensionSchema = z.object({ until: z.string(), reason: z.string() });
export type Suspension = z.infer<typeof suspensionSchema>;

export const accountStandingInputSchema = z.object({
  reason: reasonText('the member'),
  days: z.union([z.literal(1), z.literal(7), z.literal(30)], { error: 'A suspension lasts 1, 7 or 30 days' }).optional(),
});
export type AccountStandingInput = z.infer<typeof accountStandingInputSchema>;

export const restrictedAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  standing: z.enum(['suspended', 'banned']),
  until: z.string().nullable(),
  reason: z.string(),
});
export const restrictedAccountsSchema = pageSchema(restrictedAccountSchema);
export type RestrictedAccounts = z.infer<typeof restrictedAccountsSchema>;

export const accountActionDoneSchema = z.object({ standing: z.enum(['good', 'suspended', 'banned']), until: z.string().nullable() });

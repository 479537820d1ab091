import { z } from 'zod';
import { aiDisclosureDraftSchema, aiDisclosureSchema, notStatedDisclosure, unansweredDisclosure } from './ai-disclosure';
import { aiRoles, aiRunsOnValues, platforms } from './catalogue-values';
import { categorySlugSchema } from './categories';
import { FIRST_RELEASE_YEAR, LAST_RELEASE_YEAR } from './constants';
import { idSchema, pathIdSchema } from './ids';
import { pageQuerySchema as pagedQuery, pageSchema } from './pagination';
import { uploadIdFromPath } from './uploads';

// The game submission form: one rule set for the browser (messages next to each field) and
// the server (a request that breaks a rule writes nothing). A draft may leave fields out, but
// every field it has is checked; 'Submit for review' needs all of them.

export const TAGLINE_MAX = 120;
export const MAX_CATEGORIES = 5;
export const MAX_SCREENSHOTS = 8;
export const PRICE_MIN = 0.99;
export const PRICE_MAX = 999.99;

export { platforms, platformLabels, type Platform } from './catalogue-values';

const missingOr = (required: string, wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : wrongType;

const text = (label: string, max: number) =>
  z
    .string({ error: missingOr(`${label} is required`, `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

const releaseDateSchema = z
  .string({ error: 'Release date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Release date must be a date (YYYY-MM-DD)' })
  .refine(isRealDate, { error: 'Release date must be a real calendar date' })
  .refine((value) => value >= `${FIRST_RELEASE_YEAR}-01-01` && value <= `${LAST_RELEASE_YEAR}-12-31`, {
    error: `Release date must be between ${FIRST_RELEASE_YEAR} and ${LAST_RELEASE_YEAR}`,
  });

const isUrl = (value: string, protocols: string[]) => {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
};

const playUrlSchema = z
  .string({ error: 'Play URL is required' })
  .trim()
  .min(1, { error: 'Play URL is required' })
  .max(500, { error: 'Play URL must be at most 500 characters' })
  .refine((value) => isUrl(value, ['https:']), { error: 'Play URL must be a full https:// address' });

const homepageUrlSchema = z
  .string({ error: 'Homepage must be text' })
  .trim()
  .max(500, { error: 'Homepage must be at most 500 characters' })
  .refine((value) => value === '' || isUrl(value, ['https:', 'http:']), {
    error: 'Homepage must be a full web address (https://...)',
  });

/** Checked instead of the play URL by the still-works checks (decision 0067); empty: none. */
const healthUrlSchema = z
  .string({ error: 'Health address must be text' })
  .trim()
  .max(500, { error: 'Health address must be at most 500 characters' })
  .refine((value) => value === '' || isUrl(value, ['https:']), { error: 'Health address must be a full https:// address' });

const priceAmountSchema = z
  .number({ error: 'Price must be a number' })
  .min(PRICE_MIN, { error: `Price must be at least ${PRICE_MIN}` })
  .max(PRICE_MAX, { error: `Price must be at most ${PRICE_MAX}` })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    error: 'Price must have at most two decimals',
  });

const categoriesSchema = z
  .array(categorySlugSchema, { error: missingOr('Choose at least one category', 'Categories must be a list') })
  .min(1, { error: 'Choose at least one category' })
  .max(MAX_CATEGORIES, { error: `Choose at most ${MAX_CATEGORIES} categories` })
  .refine((slugs) => new Set(slugs).size === slugs.length, { error: 'Choose each category once' });

const platformsSchema = z
  .array(z.enum(platforms, { error: (issue) => `Unknown platform '${String(issue.input)}'` }), {
    error: missingOr('Choose at least one platform', 'Platforms must be a list'),
  })
  .min(1, { error: 'Choose at least one platform' })
  .refine((items) => new Set(items).size === items.length, { error: 'Choose each platform once' });

const uploadPathSchema = z
  .string({ error: 'Image must be an uploaded image' })
  .refine((path) => uploadIdFromPath(path) !== null, { error: 'Image must be one uploaded to GameSource' });

const imageSchema = (label: string) =>
  z.object(
    {
      path: uploadPathSchema,
      alt: text(`${label} description`, 200),
    },
    { error: `${label} is required` },
  );

/** While drafting, an image may still lack its description. */
const draftImageSchema = (label: string) =>
  z.object(
    {
      path: uploadPathSchema,
      alt: z
        .string({ error: `${label} description must be text` })
        .trim()
        .max(200, { error: `${label} description must be at most 200 characters` })
        .optional(),
    },
    { error: `${label} must be an uploaded image` },
  );

const aiFields = {
  roles: z
    .array(z.enum(aiRoles, { error: (issue) => `Unknown AI role '${String(issue.input)}'` }), {
      error: missingOr('Choose at least one thing the AI does', 'AI roles must be a list'),
    })
    .min(1, { error: 'Choose at least one thing the AI does' })
    .refine((items) => new Set(items).size === items.length, { error: 'Choose each AI role once' }),
  runsOn: z.enum(aiRunsOnValues, { error: 'Say where the AI runs: on device, cloud or both' }),
  worksOffline: z.boolean({ error: 'Say whether the game works offline' }),
  needsOwnApiKey: z.boolean({ error: 'Say whether players need their own API key' }),
  modelFamily: text('Model family', 80),
  outputModerated: z.boolean({ error: "Say whether the AI's output is moderated" }),
  /** A submission sent before the second edition has none: its game lists it as not stated. */
  disclosure: aiDisclosureSchema.default(notStatedDisclosure),
};

const baseFields = {
  title: text('Title', 80),
  tagline: text('Tagline', TAGLINE_MAX),
  description: text('Description', 10_000),
  categories: categoriesSchema,
  price: z.enum(['free', 'paid'], { error: 'Choose free or paid' }),
  priceAmount: priceAmountSchema.optional(),
  releaseDate: releaseDateSchema,
  developer: text('Developer or studio', 100),
  playUrl: playUrlSchema,
  homepageUrl: homepageUrlSchema.optional(),
  healthUrl: healthUrlSchema.optional(),
  platforms: platformsSchema,
};

const paidNeedsPrice = (value: { price?: 'free' | 'paid' | undefined; priceAmount?: number | undefined }, ctx: z.RefinementCtx) => {
  if (value.price === 'paid' && value.priceAmount === undefined) {
    ctx.addIssue({ code: 'custom', path: ['priceAmount'], message: 'A paid game needs a price' });
  }
  if (value.price === 'free' && value.priceAmount !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['priceAmount'], message: 'A free game has no price' });
  }
};

/** The second edition's questions a maker has not answered yet, each beside its own field. */
const disclosureAnswered = (value: { ai: { disclosure: z.output<typeof aiDisclosureSchema> } }, ctx: z.RefinementCtx) => {
  for (const [field, message] of unansweredDisclosure(value.ai.disclosure)) {
    ctx.addIssue({ code: 'custom', path: ['ai', 'disclosure', field], message });
  }
};

/** What a moderator may approve: a submission sent before the second edition lists its disclosure as not stated. */
export const listableSchema = z
  .object({
    ...baseFields,
    ai: z.object(aiFields, { error: 'How this game uses AI is required' }),
    cover: imageSchema('Cover image'),
    screenshots: z
      .array(imageSchema('Screenshot'))
      .max(MAX_SCREENSHOTS, { error: `Add at most ${MAX_SCREENSHOTS} screenshots` })
      .default([]),
  })
  .strict()
  .superRefine(paidNeedsPrice);

export type ListablePayload = z.infer<typeof listableSchema>;

/** Everything a game needs before it can be reviewed, every disclosure question answered. */
export const submissionSchema = listableSchema.superRefine(disclosureAnswered);
export type SubmissionPayload = z.infer<typeof submissionSchema>;

/** A draft: any field may be missing, each present field is checked as above. */
export const draftSchema = z
  .object(baseFields)
  .partial()
  .extend({
    ai: z
      .object({ ...aiFields, disclosure: aiDisclosureDraftSchema })
      .partial()
      .optional(),
    cover: draftImageSchema('Cover image').optional(),
    screenshots: z
      .array(draftImageSchema('Screenshot'))
      .max(MAX_SCREENSHOTS, { error: `Add at most ${MAX_SCREENSHOTS} screenshots` })
      .optional(),
  })
  .strict()
  .superRefine(paidNeedsPrice);
export type DraftPayload = z.infer<typeof draftSchema>;

/**
 * A form's values as a draft: empty text, empty lists and unset values are left out, so a
 * half-filled form is a valid draft while everything it does say is still checked.
 */
export function compactDraft<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compactDraft) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => [key, compactDraft(item)] as const)
    .filter(([, item]) => !isEmpty(item));
  return Object.fromEntries(entries) as T;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

// ---- The status machine ----------------------------------------------------------------

export const submissionStatuses = ['draft', 'pending', 'changes-requested', 'published', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  draft: 'Draft',
  pending: 'Waiting for review',
  'changes-requested': 'Changes requested',
  published: 'Published',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const submissionActions = ['submit', 'withdraw', 'approve', 'reject', 'request-changes'] as const;
export type SubmissionAction = (typeof submissionActions)[number];

/** The only legal moves: action -> the statuses it may start from, and where it leads. */
export const submissionTransitions: Record<SubmissionAction, { from: readonly SubmissionStatus[]; to: SubmissionStatus }> = {
  submit: { from: ['draft', 'changes-requested', 'rejected'], to: 'pending' },
  withdraw: { from: ['draft', 'pending', 'changes-requested', 'rejected'], to: 'withdrawn' },
  approve: { from: ['pending'], to: 'published' },
  reject: { from: ['pending'], to: 'rejected' },
  'request-changes': { from: ['pending'], to: 'changes-requested' },
};

/** Statuses in which the maker may still change the payload. */
export const editableStatuses: readonly SubmissionStatus[] = ['draft', 'changes-requested', 'rejected'];

export function canTransition(status: SubmissionStatus, action: SubmissionAction): boolean {
  return submissionTransitions[action].from.includes(status);
}

// ---- Requests and answers --------------------------------------------------------------

export const createSubmissionSchema = z
  .object({
    payload: draftSchema.optional(),
    /** Edit this published game of yours: the draft starts from what is listed. */
    gameId: idSchema('gameId').optional(),
  })
  .strict();

export const saveDraftSchema = z.object({ payload: draftSchema }).strict();

export const moderationNoteSchema = z.object({
  note: z
    .string({ error: 'Write a note for the maker' })
    .trim()
    .min(1, { error: 'Write a note for the maker: they will read it' })
    .max(2000, { error: 'The note must be at most 2000 characters' }),
});

export const approveSchema = z.object({
  note: z.string().trim().max(2000, { error: 'The note must be at most 2000 characters' }).default(''),
});

export const adminGameActionSchema = z.object({
  reason: z.string().trim().max(2000, { error: 'The reason must be at most 2000 characters' }).default(''),
});

export const submissionIdParamsSchema = z.object({ id: pathIdSchema('submission') });
export const notificationIdParamsSchema = z.object({ id: pathIdSchema('notification') });

export const pageQuerySchema = pagedQuery({ defaultSize: 20 });

export const submissionViewSchema = z.object({
  id: z.number(),
  status: z.enum(submissionStatuses),
  gameId: z.number().nullable(),
  buildGameId: z.number().nullable().meta({
    description:
      "The game its web build is uploaded to: the listed game it edits, or a new game's unlisted row once a build was added (POST /api/submissions/:id/build-game)",
  }),
  payload: draftSchema,
  moderatorNote: z.string(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submitter: z.object({ id: z.string(), name: z.string() }),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

export const submissionPageSchema = pageSchema(submissionViewSchema);
export type SubmissionPage = z.infer<typeof submissionPageSchema>;

export const moderationLogEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  submissionId: z.number().nullable(),
  gameId: z.number().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export const moderationLogPageSchema = pageSchema(moderationLogEntrySchema);

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationPageSchema = pageSchema(notificationSchema).extend({ unread: z.number().int().nonnegative() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;
/** What marking notifications read answers. */
export const notificationsReadSchema = z.object({ read: z.boolean() });

export const STATS_DAYS = 30;
export const gameStatsSchema = z.object({
  gameId: z.number(),
  featured: z.boolean(),
  listed: z.boolean(),
  rating: z.number(),
  ratingCount: z.number().int(),
  reviewCount: z.number().int(),
  days: z.array(z.object({ date: z.string(), plays: z.number().int(), favourites: z.number().int() })),
});
export type GameStats = z.infer<typeof gameStatsSchema>;

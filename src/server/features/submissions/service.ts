import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { notStatedDisclosure } from '../../../shared/ai-disclosure';
import { userTopic } from '../../../shared/live';
import {
  canTransition,
  draftSchema,
  editableStatuses,
  listableSchema,
  submissionSchema,
  type DraftPayload,
  type SubmissionPage,
  type SubmissionStatus,
  type SubmissionView,
} from '../../../shared/submissions';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { gameCategories, gameMedia, games, submissions, users } from '../../db/schema';
import { AppError, invalidArgument, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { illegalMove, transition } from './status-machine';
import { requireStoredUploads } from './stored-uploads';

export type SubmissionRow = typeof submissions.$inferSelect;

const openStatuses: SubmissionStatus[] = ['draft', 'pending', 'changes-requested', 'rejected'];
const isStaff = (actor: Actor) => actor.role === 'moderator' || actor.role === 'admin';

export function toView(row: SubmissionRow, submitterName: string): SubmissionView {
  const payload = draftSchema.safeParse(row.payload);
  return {
    id: row.id,
    status: row.status,
    gameId: row.gameId,
    buildGameId: row.gameId ?? row.buildGameId,
    payload: payload.success ? payload.data : {},
    moderatorNote: row.moderatorNote,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submitter: { id: row.userId, name: submitterName },
  };
}

async function viewOf(db: Db, row: SubmissionRow): Promise<SubmissionView> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
  return toView(row, user?.name ?? '');
}

export async function findSubmission(db: Db, id: number): Promise<SubmissionRow> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) throw notFound(`No submission with id ${id}`);
  return row;
}

/** The maker's own submission; someone else's is as good as absent (404), except to moderators when `staffMayRead`. */
export async function ownSubmission(db: Db, actor: Actor, id: number, staffMayRead = false): Promise<SubmissionRow> {
  const row = await findSubmission(db, id);
  if (row.userId !== actor.id && !(staffMayRead && isStaff(actor))) throw notFound(`No submission with id ${id}`);
  return row;
}

export async function getSubmission(db: Db, actor: Actor, id: number): Promise<SubmissionView> {
  return viewOf(db, await ownSubmission(db, actor, id, true));
}

export async function createSubmission(
  db: Db,
  actor: Actor,
  input: { payload?: DraftPayload | undefined; gameId?: number | undefined },
): Promise<{ submission: SubmissionView; created: boolean }> {
  requireGoodStanding(actor);
  if (input.gameId !== undefined) return editGame(db, actor, input.gameId);
  await requireStoredUploads(db, actor, input.payload);
  const [row] = await db
    .insert(submissions)
    .values({ userId: actor.id, payload: input.payload ?? {} })
    .returning();
  return { submission: toView(row!, actor.name), created: true };
}

/** Editing a listed game goes through review: a draft starting from what is listed (or the open one). */
async function editGame(db: Db, actor: Actor, gameId: number) {
  const [game] = await db
    .select()
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.ownerId, actor.id)));
  if (!game) throw notFound(`You have no game with id ${gameId}`);
  const [open] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.gameId, gameId), inArray(submissions.status, openStatuses)))
    .orderBy(descending(submissions.updatedAt))
    .limit(1);
  if (open) return { submission: toView(open, actor.name), created: false };
  const payload = await payloadFromGame(db, game);
  const [row] = await db.insert(submissions).values({ userId: actor.id, gameId, payload }).returning();
  return { submission: toView(row!, actor.name), created: true };
}

async function payloadFromGame(db: Db, game: typeof games.$inferSelect): Promise<DraftPayload> {
  const [categories, media] = await Promise.all([
    db
      .select({ slug: gameCategories.categorySlug })
      .from(gameCategories)
      .where(eq(gameCategories.gameId, game.id))
      .orderBy(asc(gameCategories.position)),
    db.select().from(gameMedia).where(eq(gameMedia.gameId, game.id)).orderBy(asc(gameMedia.position)),
  ]);
  const payload = {
    title: game.title,
    tagline: game.tagline,
    description: game.description,
    categories: categories.map((c) => c.slug),
    price: game.priceAmount === null ? 'free' : 'paid',
    ...(game.priceAmount === null ? {} : { priceAmount: game.priceAmount }),
    releaseDate: game.releaseDate,
    developer: game.developer,
    playUrl: game.playUrl,
    homepageUrl: game.homepageUrl,
    ...(game.healthUrl ? { healthUrl: game.healthUrl } : {}),
    platforms: game.platforms,
    ai: {
      roles: game.aiRoles,
      runsOn: game.aiRunsOn,
      worksOffline: game.aiWorksOffline,
      needsOwnApiKey: game.aiNeedsOwnKey,
      modelFamily: game.aiModelFamily,
      outputModerated: game.aiOutputModerated,
      disclosure: { ...notStatedDisclosure, ...game.aiDisclosure },
    },
    cover: { path: game.imagePath, alt: game.imageAlt },
    screenshots: media.map((m) => ({ path: m.path, alt: m.alt })),
  };
  // Whatever no longer passes today's rules is left for the maker to fill in again.
  const parsed = draftSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return draftSchema.parse(Object.fromEntries(Object.entries(payload).filter(([key]) => !bad.has(key))));
}

export async function saveDraft(db: Db, actor: Actor, id: number, payload: DraftPayload): Promise<SubmissionView> {
  requireGoodStanding(actor);
  const row = await ownSubmission(db, actor, id);
  if (!editableStatuses.includes(row.status)) {
    throw new AppError('failed-precondition', 'This submission cannot be edited now: it is with our moderators or closed.');
  }
  await requireStoredUploads(db, actor, payload);
  const [saved] = await db
    .update(submissions)
    .set({ payload, updatedAt: new Date() })
    .where(and(eq(submissions.id, id), inArray(submissions.status, [...editableStatuses])))
    .returning();
  if (!saved) throw new AppError('failed-precondition', 'This submission cannot be edited now.');
  return toView(saved, actor.name);
}

/** Every rule of the full form, at once, in the words the form shows next to each field. */
export function requireComplete(payload: unknown) {
  return requirePassing(submissionSchema, payload);
}

/** What a moderator approves: complete, though a submission sent before the second edition of the disclosure lists it as not stated. */
export function requireListable(payload: unknown) {
  return requirePassing(listableSchema, payload);
}

function requirePassing<T>(schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw invalidArgument(`The game is not ready for review: ${messages.join('; ')}`);
}

export async function submitForReview(db: Db, actor: Actor, id: number, payload?: DraftPayload): Promise<SubmissionView> {
  requireGoodStanding(actor);
  const row = await ownSubmission(db, actor, id);
  if (!canTransition(row.status, 'submit')) throw illegalMove(row.status, 'submit');
  const complete = requireComplete(payload ?? row.payload);
  await requireStoredUploads(db, actor, complete);
  return db.transaction(async (tx) => {
    const moved = await transition(tx, row, 'submit', { payload: complete, submittedAt: new Date(), moderatorNote: '' });
    await publish(tx, userTopic(actor.id), { kind: 'submission', id });
    return toView(moved, actor.name);
  });
}

export async function withdrawSubmission(db: Db, actor: Actor, id: number): Promise<SubmissionView> {
  const row = await ownSubmission(db, actor, id);
  return db.transaction(async (tx) => {
    const moved = await transition(tx, row, 'withdraw');
    await publish(tx, userTopic(actor.id), { kind: 'submission', id });
    return toView(moved, actor.name);
  });
}

export async function listMySubmissions(db: Db, actor: Actor, page: number, pageSize: number): Promise<SubmissionPage> {
  const mine = eq(submissions.userId, actor.id);
  return pageOf(
    db.select().from(submissions).where(mine).orderBy(descending(submissions.updatedAt), descending(submissions.id)).$dynamic(),
    db.select({ total: count() }).from(submissions).where(mine),
    { page, pageSize },
    (row) => toView(row, actor.name),
  );
}

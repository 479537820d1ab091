import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { catalogueTopic, gameTopic } from '../../../shared/live';
import type { ReportKind } from '../../../shared/reports';
import type { Db } from '../../db/client';
import { games, reportHolds, reports, reviewReplies, reviews, users } from '../../db/schema';
import { publish } from '../../live/publish';
import { setListPublic } from '../documents';
import { setReviewHeld } from '../reviews';
import { setUpdateHeld } from '../updates';

/**
 * How many distinct members in good standing have open reports about the item: signed up a
 * day ago or more, address confirmed, neither banned nor suspended (decision 0058).
 */
async function standingReporters(tx: Db, kind: ReportKind, targetId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${reports.reporterId})`.mapWith(Number) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, 'open'),
        eq(reports.targetKind, kind),
        eq(reports.targetId, targetId),
        eq(users.emailVerified, true),
        eq(users.banned, false),
        lte(users.createdAt, sql`now() - interval '1 day'`),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, sql`now()`)),
      ),
    );
  return row?.n ?? 0;
}

/** Lists a game again (a released hold, an overturned unlisting) or takes it off the catalogue. */
export async function setGameListed(tx: Db, gameId: number, listed: boolean): Promise<void> {
  const [changed] = await tx
    .update(games)
    .set({ status: listed ? 'published' : 'draft', ...(listed ? {} : { featured: false }), updatedAt: new Date() })
    .where(and(eq(games.id, gameId), eq(games.status, listed ? 'draft' : 'published')))
    .returning({ id: games.id });
  if (!changed) return;
  await publish(tx, catalogueTopic, { kind: listed ? 'game-published' : 'game-unpublish', gameId });
  await publish(tx, gameTopic(gameId), { kind: 'game-updated' });
}

async function setReplyHeld(tx: Db, replyId: number, held: boolean): Promise<void> {
  const [changed] = await tx
    .update(reviewReplies)
    .set({ held })
    .where(eq(reviewReplies.id, replyId))
    .returning({ gameId: sql<number>`(select ${reviews.gameId} from ${reviews} where ${reviews.id} = ${reviewReplies.reviewId})` });
  if (changed) await publish(tx, gameTopic(changed.gameId), { change: 'reviews' });
}

/** What hiding an item means for each kind; a profile is hidden by its hold row alone. */
async function hide(tx: Db, kind: ReportKind, targetId: string, hidden: boolean): Promise<void> {
  if (kind === 'review') await setReviewHeld(tx, Number(targetId), hidden);
  else if (kind === 'reply') await setReplyHeld(tx, Number(targetId), hidden);
  else if (kind === 'update') await setUpdateHeld(tx, Number(targetId), hidden);
  else if (kind === 'game') await setGameListed(tx, Number(targetId), !hidden);
  else if (kind === 'list') await setListPublic(tx, targetId, !hidden);
}

// Two-key advisory locks live apart from the one-key ones; the documents' class is 0x646f6373.
const REPORTED_ITEM_LOCK_CLASS = 0x72707274;

/**
 * Takes the reported item's lock for this transaction, before its report is written: of two
 * reports filed at once, the second waits, and its count (a statement begun after the first
 * committed) sees the first report. Without it both would count one short of the hold.
 */
export async function lockReportedItem(tx: Db, kind: ReportKind, targetId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REPORTED_ITEM_LOCK_CLASS}, hashtext(${`${kind}:${targetId}`}))`);
}

/**
 * After a report is filed: once `threshold` distinct members in good standing have reported the
 * item, it is hidden until a moderator decides. Answers whether it is held now.
 */
export async function holdIfReportedEnough(tx: Db, kind: ReportKind, targetId: string, threshold: number): Promise<boolean> {
  if ((await standingReporters(tx, kind, targetId)) < threshold) return false;
  const [held] = await tx
    .insert(reportHolds)
    .values({ targetKind: kind, targetId })
    .onConflictDoNothing()
    .returning({ at: reportHolds.heldAt });
  if (held) await hide(tx, kind, targetId, true);
  return true;
}

/**
 * Ends a hold when a moderator decides. `restore` puts the item back where the decision leaves
 * it up (dismiss, warn, suspend); a removal or an unlisting leaves it hidden.
 */
export async function releaseHold(tx: Db, kind: ReportKind, targetId: string, restore: boolean): Promise<boolean> {
  const [released] = await tx
    .delete(reportHolds)
    .where(and(eq(reportHolds.targetKind, kind), eq(reportHolds.targetId, targetId)))
    .returning({ at: reportHolds.heldAt });
  if (!released) return false;
  if (restore) await hide(tx, kind, targetId, false);
  return true;
}

/** Which of these items are held, as `kind:id` keys. */
export async function heldAmong(db: Db, items: readonly { kind: ReportKind; targetId: string }[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await db
    .select({ kind: reportHolds.targetKind, targetId: reportHolds.targetId })
    .from(reportHolds)
    .where(or(...items.map((item) => and(eq(reportHolds.targetKind, item.kind), eq(reportHolds.targetId, item.targetId)))));
  return new Set(rows.map((row) => `${row.kind}:${row.targetId}`));
}

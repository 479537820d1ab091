import { and, eq, sql } from 'drizzle-orm';
import { gameTopic, userTopic } from '../../../shared/live';
import type { Reply, ReplyInput } from '../../../shared/reviews';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { games, reviewReplies, reviews } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { notify } from '../notifications';

export const NOT_THE_MAKER_MESSAGE = "Only the game's maker can reply to its reviews.";
export const OWN_REVIEW_REPLY_MESSAGE = 'Reply to your own review by editing it.';

/** A removed reply as a moderator's decision keeps it, so that an overturned appeal can put it back. */
export interface KeptReply {
  id: number;
  reviewId: number;
  makerId: string | null;
  body: string;
  createdAt: string;
  updatedAt: string;
}

/** The shown review of a listed game (not held), its author and the game's maker; 404 otherwise. */
async function reviewToReplyTo(db: Db, reviewId: number) {
  const [row] = await db
    .select({ gameId: reviews.gameId, authorId: reviews.userId, makerId: games.ownerId, title: games.title })
    .from(reviews)
    .innerJoin(games, and(eq(games.id, reviews.gameId), eq(games.status, 'published')))
    .where(and(eq(reviews.id, reviewId), eq(reviews.held, false)));
  if (!row) throw notFound(`No review with id ${reviewId}`);
  return row;
}

const toReply = (row: typeof reviewReplies.$inferSelect): Reply => ({
  id: row.id,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  edited: row.updatedAt.getTime() > row.createdAt.getTime(),
});

/**
 * The game's maker replies to a review, or edits their reply: one per review. The reviewer hears
 * of the first on the bell; readers of the game page get the same live update as for a review.
 */
export async function putReply(db: Db, actor: Actor, reviewId: number, input: ReplyInput): Promise<{ reply: Reply; created: boolean }> {
  requireGoodStanding(actor);
  return db.transaction(async (tx) => {
    const review = await reviewToReplyTo(tx, reviewId);
    if (review.makerId !== actor.id) throw new AppError('permission-denied', NOT_THE_MAKER_MESSAGE);
    if (review.authorId === actor.id) throw new AppError('permission-denied', OWN_REVIEW_REPLY_MESSAGE);
    const [row] = await tx
      .insert(reviewReplies)
      .values({ reviewId, makerId: actor.id, body: input.body })
      .onConflictDoUpdate({
        target: reviewReplies.reviewId,
        set: {
          body: input.body,
          makerId: actor.id,
          updatedAt: sql`greatest(now(), ${reviewReplies.updatedAt} + interval '1 millisecond')`,
        },
      })
      .returning();
    const created = row!.createdAt.getTime() === row!.updatedAt.getTime();
    if (created && review.authorId) {
      await notify(tx, review.authorId, {
        kind: 'review-reply',
        title: `The maker of ${review.title} replied to your review`,
        body: input.body.slice(0, 200),
        link: `/game-detail?id=${review.gameId}#reviews`,
      });
      await publish(tx, userTopic(review.authorId), { kind: 'notification' });
    }
    await publish(tx, gameTopic(review.gameId), { change: 'reviews' });
    return { reply: toReply(row!), created };
  });
}

/** The maker deletes their reply. */
export async function deleteReply(db: Db, actor: Actor, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [reply] = await tx
      .select({ makerId: reviewReplies.makerId, gameId: reviews.gameId })
      .from(reviewReplies)
      .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
      .where(eq(reviewReplies.reviewId, reviewId))
      .for('update');
    if (!reply) throw notFound(`No reply to review ${reviewId}`);
    if (reply.makerId !== actor.id) throw new AppError('permission-denied', NOT_THE_MAKER_MESSAGE);
    await tx.delete(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
    await publish(tx, gameTopic(reply.gameId), { change: 'reviews' });
  });
}

/** A moderator's removal of a reply; answers what it was, for the decision to keep. */
export async function removeReply(tx: Db, replyId: number): Promise<KeptReply | undefined> {
  const [removed] = await tx.delete(reviewReplies).where(eq(reviewReplies.id, replyId)).returning();
  if (!removed) return undefined;
  const [review] = await tx.select({ gameId: reviews.gameId }).from(reviews).where(eq(reviews.id, removed.reviewId));
  if (review) await publish(tx, gameTopic(review.gameId), { change: 'reviews' });
  const { id, reviewId, makerId, body } = removed;
  return { id, reviewId, makerId, body, createdAt: removed.createdAt.toISOString(), updatedAt: removed.updatedAt.toISOString() };
}

/** Puts a removed reply back; false when its review is gone or the maker has replied again. */
export async function restoreReply(tx: Db, kept: KeptReply): Promise<boolean> {
  const [review] = await tx.select({ gameId: reviews.gameId }).from(reviews).where(eq(reviews.id, kept.reviewId));
  if (!review) return false;
  const [restored] = await tx
    .insert(reviewReplies)
    .values({ ...kept, createdAt: new Date(kept.createdAt), updatedAt: new Date(kept.updatedAt) })
    .onConflictDoNothing()
    .returning({ id: reviewReplies.id });
  if (!restored) return false;
  await publish(tx, gameTopic(review.gameId), { change: 'reviews' });
  return true;
}

/** A reply as the report queue shows it: the maker is its author. */
export async function findReply(db: Db, replyId: number) {
  const [row] = await db
    .select({ reply: reviewReplies, gameId: reviews.gameId, gameTitle: games.title })
    .from(reviewReplies)
    .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
    .innerJoin(games, and(eq(games.id, reviews.gameId), eq(games.status, 'published')))
    .where(eq(reviewReplies.id, replyId));
  return row;
}

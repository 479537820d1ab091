import { and, asc, eq, like, sql } from 'drizzle-orm';
import { DATA_EXPORT_FORMAT, type DataExport } from '../../../shared/data-export';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  documents,
  favourites,
  gameFollows,
  gameWorkReports,
  games,
  gameUpdates,
  makerFollows,
  moderationAppeals,
  moderationDecisions,
  notifications,
  profiles,
  reports,
  reviewReplies,
  reviews,
  sessions,
  submissions,
  users,
} from '../../db/schema';
import type { Limiter } from '../../http/limits/limiter';
import { waitText } from '../../http/limits/policies';
import { EXPORT_WINDOW_MS, EXPORTS_PER_HOUR } from '../../http/limits/policies';
import { RetryLater } from '../../http/limits/retry-later';

async function spendExportBudget(limiter: Limiter, actor: Actor): Promise<void> {
  const { count, ttlMs } = await limiter.hit(`export:user:${actor.id}`, EXPORT_WINDOW_MS);
  if (count <= EXPORTS_PER_HOUR) return;
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  throw new RetryLater(`You have downloaded your data ${EXPORTS_PER_HOUR} times this hour. Try again in ${waitText(seconds)}.`, seconds);
}

/** Dates as ISO text, so the file reads the same whatever parses it. */
const plain = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));

async function profileOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      phoneNumber: users.phoneNumber,
      image: users.image,
      role: users.role,
      createdAt: users.createdAt,
      bio: profiles.bio,
      website: profiles.website,
      links: profiles.links,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return plain(row ?? {});
}

/** A removal kept the review's helpful voters: who they are is theirs, not this member's. */
function withoutOthers(kept: unknown): unknown {
  if (!kept || typeof kept !== 'object' || !('review' in kept) || !kept.review || typeof kept.review !== 'object') return kept;
  const review = Object.fromEntries(Object.entries(kept.review).filter(([key]) => key !== 'voters'));
  return { ...kept, review };
}

/** The member's own rows, each query in parallel: the database does the work, the server waits. */
async function gather(db: Db, id: string) {
  const ownsList = and(eq(documents.collection, 'lists'), sql`${documents.data} ->> 'ownerId' = ${id}`);
  return Promise.all([
    profileOf(db, id),
    db
      .select({
        id: reviews.id,
        gameId: reviews.gameId,
        game: games.title,
        stars: reviews.stars,
        body: reviews.body,
        helpfulCount: reviews.helpfulCount,
        held: reviews.held,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .innerJoin(games, eq(games.id, reviews.gameId))
      .where(eq(reviews.userId, id))
      .orderBy(asc(reviews.createdAt)),
    db
      .select({
        id: reviewReplies.id,
        reviewId: reviewReplies.reviewId,
        body: reviewReplies.body,
        createdAt: reviewReplies.createdAt,
        updatedAt: reviewReplies.updatedAt,
      })
      .from(reviewReplies)
      .where(eq(reviewReplies.makerId, id))
      .orderBy(asc(reviewReplies.createdAt)),
    db
      .select({
        id: gameUpdates.id,
        gameId: gameUpdates.gameId,
        title: gameUpdates.title,
        body: gameUpdates.body,
        aiModel: gameUpdates.aiModel,
        held: gameUpdates.held,
        createdAt: gameUpdates.createdAt,
        updatedAt: gameUpdates.updatedAt,
      })
      .from(gameUpdates)
      .where(eq(gameUpdates.makerId, id))
      .orderBy(asc(gameUpdates.createdAt)),
    db
      .select({ id: documents.documentId, data: documents.data, createdAt: documents.createdAt, updatedAt: documents.updatedAt })
      .from(documents)
      .where(ownsList)
      .orderBy(asc(documents.createdAt)),
    db
      .select({ path: documents.path, data: documents.data, updatedAt: documents.updatedAt })
      .from(documents)
      .where(like(documents.path, `users/${id}/%`))
      .orderBy(asc(documents.path)),
    db
      .select({ gameId: favourites.gameId, game: games.title, createdAt: favourites.createdAt })
      .from(favourites)
      .innerJoin(games, eq(games.id, favourites.gameId))
      .where(eq(favourites.userId, id)),
    db
      .select({ makerId: makerFollows.makerId, maker: users.name, createdAt: makerFollows.createdAt })
      .from(makerFollows)
      .innerJoin(users, eq(users.id, makerFollows.makerId))
      .where(eq(makerFollows.followerId, id)),
    db
      .select({ gameId: gameFollows.gameId, game: games.title, createdAt: gameFollows.createdAt })
      .from(gameFollows)
      .innerJoin(games, eq(games.id, gameFollows.gameId))
      .where(eq(gameFollows.followerId, id)),
    db
      .select({
        id: submissions.id,
        gameId: submissions.gameId,
        status: submissions.status,
        payload: submissions.payload,
        moderatorNote: submissions.moderatorNote,
        createdAt: submissions.createdAt,
        updatedAt: submissions.updatedAt,
      })
      .from(submissions)
      .where(eq(submissions.userId, id))
      .orderBy(asc(submissions.createdAt)),
    db
      .select({
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, id))
      .orderBy(asc(notifications.createdAt)),
    db
      .select({
        id: reports.id,
        kind: reports.targetKind,
        targetId: reports.targetId,
        reason: reports.reason,
        note: reports.note,
        status: reports.status,
        createdAt: reports.createdAt,
        closedAt: reports.closedAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, id))
      .orderBy(asc(reports.createdAt)),
    db
      .select({
        id: moderationDecisions.id,
        action: moderationDecisions.action,
        kind: moderationDecisions.targetKind,
        targetId: moderationDecisions.targetId,
        reason: moderationDecisions.reason,
        suspendDays: moderationDecisions.suspendDays,
        // What a removal kept of the member's own content is theirs too.
        kept: moderationDecisions.kept,
        createdAt: moderationDecisions.createdAt,
        appeal: moderationAppeals.text,
        appealStatus: moderationAppeals.status,
        appealReason: moderationAppeals.reason,
      })
      .from(moderationDecisions)
      .leftJoin(moderationAppeals, eq(moderationAppeals.decisionId, moderationDecisions.id))
      .where(and(eq(moderationDecisions.authorId, id), sql`${moderationDecisions.action} <> 'dismiss'`))
      .orderBy(asc(moderationDecisions.createdAt)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, id)),
    db
      .select({ gameId: gameWorkReports.gameId, game: games.title, reportedAt: gameWorkReports.reportedAt })
      .from(gameWorkReports)
      .innerJoin(games, eq(games.id, gameWorkReports.gameId))
      .where(eq(gameWorkReports.userId, id)),
  ]);
}

/**
 * Everything kept about the signed-in member, theirs to take (issue 33, part 8). Never another
 * member's private data: who reported them, or which moderator decided, is not in it.
 */
export async function exportMemberData(db: Db, limiter: Limiter, actor: Actor): Promise<DataExport> {
  await spendExportBudget(limiter, actor);
  const [
    profile,
    ownReviews,
    replies,
    updates,
    lists,
    docs,
    favs,
    makers,
    followedGames,
    subs,
    notes,
    filed,
    decisions,
    signIns,
    saidNotWorking,
  ] = await gather(db, actor.id);
  const all = <T extends Record<string, unknown>>(list: T[]) => list.map(plain);
  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile,
    reviews: all(ownReviews),
    replies: all(replies),
    updates: all(updates),
    lists: all(lists),
    documents: all(docs),
    favourites: all(favs),
    follows: { makers: all(makers), games: all(followedGames) },
    submissions: all(subs),
    notifications: all(notes),
    reportsFiled: all(filed),
    saidNotWorking: all(saidNotWorking),
    decisionsAboutYou: all(decisions.map(({ kept, ...decision }) => ({ ...decision, kept: withoutOthers(kept) }))),
    sessions: all(signIns),
  };
}

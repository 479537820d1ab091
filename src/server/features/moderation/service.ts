import { and, asc, count, eq } from 'drizzle-orm';
import { catalogueTopic, gameTopic, userTopic } from '../../../shared/live';
import type { SubmissionPage } from '../../../shared/submissions';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { games, moderationLog, submissions, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { notifyFollowers } from '../follows';
import { notify, type NewNotification } from '../notifications';
import { findSubmission, requireListable, toView, transition } from '../submissions';
import { publishGame } from './publish-game';

export type Decision = 'approve' | 'reject' | 'request-changes';

/** What happened, for the caller to e-mail once the transaction committed. */
export interface Outcome {
  notifyUserId: string | null;
  notification: NewNotification | null;
  /** Followers who asked for e-mail about what this decision listed or updated. */
  followers?: { notification: NewNotification; email: string[] };
}

/** A new game tells the maker's followers; an approved edit tells the game's. */
async function tellFollowers(tx: Db, makerId: string, listedBefore: boolean, gameId: number, title: string) {
  if (listedBefore) return notifyFollowers(tx, { kind: 'game-updated', gameId, title });
  const [maker] = await tx.select({ name: users.name }).from(users).where(eq(users.id, makerId));
  return notifyFollowers(tx, { kind: 'maker-listed-game', makerId, makerName: maker?.name ?? 'A maker', gameId, title });
}

export async function moderationQueue(db: Db, page: number, pageSize: number): Promise<SubmissionPage> {
  const pending = eq(submissions.status, 'pending');
  return pageOf(
    db
      .select({ submission: submissions, name: users.name })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(pending)
      .orderBy(asc(submissions.submittedAt), asc(submissions.id))
      .$dynamic(),
    db.select({ total: count() }).from(submissions).where(pending),
    { page, pageSize },
    (row) => toView(row.submission, row.name),
  );
}

const titleOf = (payload: unknown) => String((payload as { title?: unknown }).title ?? 'Your game');

function decisionNotice(decision: Decision, title: string, note: string, link: string): NewNotification {
  if (decision === 'approve') {
    return {
      kind: 'submission-approved',
      title: `"${title}" is published`,
      body: `Your game "${title}" passed review and is now listed.${note ? ` Note from the moderator: ${note}` : ''}`,
      link,
    };
  }
  if (decision === 'reject') {
    return {
      kind: 'submission-rejected',
      title: `"${title}" was not approved`,
      body: `Your game "${title}" was rejected. Reason: ${note}`,
      link,
    };
  }
  return {
    kind: 'submission-changes-requested',
    title: `"${title}" needs changes`,
    body: `A moderator asked for changes to "${title}": ${note}`,
    link,
  };
}

export const OWN_SUBMISSION_MESSAGE = "You can't decide on your own game: another moderator will.";
export const OWN_GAME_FEATURE_MESSAGE = "You can't feature your own game: another admin will.";

export async function decide(
  db: Db,
  actor: Actor,
  submissionId: number,
  decision: Decision,
  note: string,
): Promise<Outcome & { gameId: number | null }> {
  const row = await findSubmission(db, submissionId);
  // Only a game's owner submits it or its edits, so the submitter is the maker.
  if (row.userId === actor.id) throw new AppError('permission-denied', OWN_SUBMISSION_MESSAGE);
  return db.transaction(async (tx) => {
    let gameId = row.gameId;
    let followers: Outcome['followers'];
    if (decision === 'approve') {
      if (row.status === 'pending') {
        gameId = await publishGame(tx, requireListable(row.payload), row.userId, row);
        followers = await tellFollowers(tx, row.userId, row.gameId !== null, gameId, titleOf(row.payload));
      }
      await transition(tx, row, 'approve', { gameId, moderatorNote: note });
      await publish(tx, catalogueTopic, { kind: 'game-published', gameId });
      if (gameId !== null) await publish(tx, gameTopic(gameId), { kind: 'game-updated' });
    } else {
      await transition(tx, row, decision, { moderatorNote: note });
    }
    await tx.insert(moderationLog).values({ actorId: actor.id, action: decision, submissionId, gameId, reason: note });
    const link = decision === 'approve' && gameId !== null ? `/game-detail?id=${gameId}` : '/my-games';
    const notification = decisionNotice(decision, titleOf(row.payload), note, link);
    await notify(tx, row.userId, notification);
    await publish(tx, userTopic(row.userId), { kind: 'submission', id: submissionId });
    return { notifyUserId: row.userId, notification, gameId, followers };
  });
}

export type AdminGameAction = 'feature' | 'unfeature' | 'unpublish';

export async function actOnGame(db: Db, actor: Actor, gameId: number, action: AdminGameAction, reason: string): Promise<Outcome> {
  const [game] = await db
    .select({ id: games.id, title: games.title, status: games.status, ownerId: games.ownerId })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) throw notFound(`No game with id ${gameId}`);
  // Featuring puts a game on the home page; taking one's own game down stays allowed.
  if (action === 'feature' && game.ownerId === actor.id) throw new AppError('permission-denied', OWN_GAME_FEATURE_MESSAGE);
  if (game.status !== 'published') throw new AppError('failed-precondition', `"${game.title}" is not published.`);
  return db.transaction(async (tx) => {
    const change = action === 'unpublish' ? { status: 'draft' as const, featured: false } : { featured: action === 'feature' };
    await tx
      .update(games)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(games.id, gameId), eq(games.status, 'published')));
    await tx.insert(moderationLog).values({ actorId: actor.id, action, gameId, reason });
    await publish(tx, catalogueTopic, { kind: `game-${action}`, gameId });
    await publish(tx, gameTopic(gameId), { kind: 'game-updated' });
    if (action !== 'unpublish' || !game.ownerId) return { notifyUserId: null, notification: null };
    const notification: NewNotification = {
      kind: 'game-unpublished',
      title: `"${game.title}" was unpublished`,
      body: `An administrator took "${game.title}" off the catalogue.${reason ? ` Reason: ${reason}` : ''} Edit it and submit it again to list it once more.`,
      link: '/my-games',
    };
    await notify(tx, game.ownerId, notification);
    return { notifyUserId: game.ownerId, notification };
  });
}

export async function moderationLogPage(db: Db, page: number, pageSize: number) {
  return pageOf(
    db
      .select({ entry: moderationLog, name: users.name })
      .from(moderationLog)
      .leftJoin(users, eq(users.id, moderationLog.actorId))
      .orderBy(descending(moderationLog.createdAt), descending(moderationLog.id))
      .$dynamic(),
    db.select({ total: count() }).from(moderationLog),
    { page, pageSize },
    ({ entry, name }) => ({
      id: entry.id,
      action: entry.action,
      actor: { id: entry.actorId, name: name ?? 'A deleted account' },
      submissionId: entry.submissionId,
      gameId: entry.gameId,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    }),
  );
}

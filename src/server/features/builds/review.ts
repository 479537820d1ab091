import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { GameBuild, PendingBuild } from '../../../shared/builds';
import { gameTopic, userTopic } from '../../../shared/live';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/paging';
import { gameBuilds, games, moderationLog, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { notify, type NewNotification } from '../notifications';
import type { GameUrls } from './game-urls';
import { playsInBrowserIfHosted, toGameBuild } from './service';

export type BuildDecision = 'approve' | 'reject';

export const OWN_BUILD_MESSAGE = "You can't review a build of your own game: another moderator will.";
const pending = eq(gameBuilds.status, 'pending');

/** Pending builds, oldest first, each with its game, its maker and a signed preview address. */
export async function pendingBuilds(
  db: Db,
  urls: GameUrls,
  page: number,
  pageSize: number,
): Promise<{ items: PendingBuild[]; total: number; page: number; pageSize: number }> {
  return pageOf(
    db
      .select({ build: gameBuilds, title: games.title, makerId: games.ownerId, makerName: users.name })
      .from(gameBuilds)
      .innerJoin(games, eq(games.id, gameBuilds.gameId))
      .leftJoin(users, eq(users.id, games.ownerId))
      .where(pending)
      .orderBy(asc(gameBuilds.createdAt), asc(gameBuilds.gameId), asc(gameBuilds.version))
      .$dynamic(),
    db.select({ total: count() }).from(gameBuilds).where(pending),
    { page, pageSize },
    (row) => ({
      ...toGameBuild(urls, row.build, false),
      game: { id: row.build.gameId, title: row.title },
      maker: { id: row.makerId, name: row.makerName ?? 'A deleted account' },
    }),
  );
}

/** What the caller e-mails once the decision committed. */
export interface BuildOutcome {
  build: GameBuild;
  makerId: string | null;
  notification: NewNotification | null;
}

async function gameOf(db: Db, gameId: number) {
  const [game] = await db.select({ title: games.title, ownerId: games.ownerId }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound('No such game.');
  return game;
}

/** Makes this approved version the one that plays, in two steps so that one game never has two. */
async function choosePlaying(tx: Db, gameId: number, version: number): Promise<void> {
  await tx.execute(sql`select 1 from ${games} where ${games.id} = ${gameId} for update`);
  await tx
    .update(gameBuilds)
    .set({ playing: false })
    .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.playing, true)));
  await tx
    .update(gameBuilds)
    .set({ playing: true })
    .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, version)));
}

function decisionNotice(decision: BuildDecision, title: string, version: number, note: string): NewNotification {
  if (decision === 'approve') {
    return {
      kind: 'build-approved',
      title: `Version ${version} of "${title}" is playing`,
      body: `Version ${version} of the web build of "${title}" passed review and now plays on its page.${note ? ` Note from the moderator: ${note}` : ''}`,
      link: '/my-games',
    };
  }
  return {
    kind: 'build-rejected',
    title: `Version ${version} of "${title}" was not approved`,
    body: `Version ${version} of the web build of "${title}" was rejected; the version that played before still plays. Reason: ${note}`,
    link: '/my-games',
  };
}

/**
 * Approves or rejects a pending version, never on one's own game. One conditional UPDATE moves
 * it out of pending, so two moderators deciding at once cannot both win; an approval makes it
 * the version that plays. The log entry, the maker's notification and the live events commit with it.
 */
export async function decideBuild(
  db: Db,
  urls: GameUrls,
  actor: Actor,
  gameId: number,
  version: number,
  decision: BuildDecision,
  note: string,
): Promise<BuildOutcome> {
  const game = await gameOf(db, gameId);
  if (game.ownerId === actor.id) throw new AppError('permission-denied', OWN_BUILD_MESSAGE);
  return db.transaction(async (tx) => {
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const [row] = await tx
      .update(gameBuilds)
      .set({ status, reviewNote: note, reviewedBy: actor.id, reviewedAt: new Date() })
      .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, version), pending))
      .returning();
    if (!row) throw await whyNotPending(tx, gameId, version);
    if (decision === 'approve') {
      await choosePlaying(tx, gameId, version);
      await playsInBrowserIfHosted(tx, gameId);
      await publish(tx, gameTopic(gameId), { kind: 'build-playing', version });
    }
    await tx.insert(moderationLog).values({
      actorId: actor.id,
      action: `build-${decision}`,
      gameId,
      reason: note ? `version ${version}: ${note}` : `version ${version}`,
    });
    const notification = game.ownerId ? decisionNotice(decision, game.title, version, note) : null;
    if (game.ownerId && notification) {
      await notify(tx, game.ownerId, notification);
      await publish(tx, userTopic(game.ownerId), { kind: 'build', gameId, version });
    }
    return { build: toGameBuild(urls, row, decision === 'approve'), makerId: game.ownerId, notification };
  });
}

async function whyNotPending(tx: Db, gameId: number, version: number): Promise<AppError> {
  const [row] = await tx
    .select({ status: gameBuilds.status })
    .from(gameBuilds)
    .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, version)));
  if (!row) return notFound(`This game has no build version ${version}.`);
  return new AppError('failed-precondition', `Version ${version} was already ${row.status}.`);
}

/** The maker chooses which approved version plays (a rollback, or forward again). */
export async function playBuild(db: Db, urls: GameUrls, actor: Actor, gameId: number, version: number): Promise<GameBuild> {
  const game = await gameOf(db, gameId);
  if (game.ownerId !== actor.id) throw new AppError('permission-denied', 'Only the maker of this game can choose which version plays.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(gameBuilds)
      .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, version)))
      .for('update');
    if (!row) throw notFound(`This game has no build version ${version}.`);
    if (row.status !== 'approved')
      throw new AppError('failed-precondition', `Version ${version} is ${row.status}: only an approved version can play.`);
    await choosePlaying(tx, gameId, version);
    await publish(tx, gameTopic(gameId), { kind: 'build-playing', version });
    await publish(tx, userTopic(actor.id), { kind: 'build', gameId, version });
    return toGameBuild(urls, { ...row, playing: true }, true);
  });
}

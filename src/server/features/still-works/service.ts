import { and, count, desc, eq, gt, type Placeholder, sql, type SQLWrapper } from 'drizzle-orm';
import type { GameCheck, GameCheckPage, GameWorkStatus } from '../../../shared/still-works';
import type { WorkStatus } from '../../../shared/work-status-values';
import type { Actor } from '../../auth/session';
import { requirePublishedGame } from '../../catalogue';
import type { Db } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { pageOf } from '../../db/paging';
import { gameBuilds, gameChecks, gameHealth, games, gameWorkReports } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { GuardedFetchOptions } from '../../http/guarded-fetch';
import { notify, type NewNotification } from '../notifications';
import { checkAddress, type CheckOutcome } from './check-address';
import { deriveStatus, STILL_WORKS_RULES } from './rules';

/** What checking needs beyond the database: the guarded client's settings, and how to e-mail a maker after commit. */
export interface CheckDeps {
  enabled: boolean;
  intervalHours: number;
  outgoing: GuardedFetchOptions;
  mail: (userId: string, notification: NewNotification) => Promise<void>;
}

/** A build we host plays on the game's page: its address is ours, so nothing outside is checked. */
const hosted = (gameId: SQLWrapper | number) =>
  sql<boolean>`exists (select 1 from ${gameBuilds} where ${gameBuilds.gameId} = ${gameId} and ${gameBuilds.status} = 'approved')`;

/** The address a check fetches: the maker's health address, else an outside play URL; null when there is none. */
const checkTarget = sql<string | null>`coalesce(${games.healthUrl}, case when ${games.playUrl} ~ '^https?://' then ${games.playUrl} end)`;

const toStatus = (row: { status: WorkStatus | null; lastCheckedAt: Date | null } | undefined): GameWorkStatus => ({
  status: row?.status ?? 'working',
  lastCheckedAt: row?.lastCheckedAt?.toISOString() ?? null,
});

const toCheck = (row: typeof gameChecks.$inferSelect): GameCheck => ({
  checkedAt: row.checkedAt.toISOString(),
  ok: row.ok,
  statusCode: row.statusCode,
  reason: row.reason,
  durationMs: row.durationMs,
  manual: row.manual,
});

/**
 * A game's status and last check as columns for any statement about the game, so the game page's
 * one viewer statement carries them (decision 0051).
 */
export const workStatusColumns = (gameId: number | Placeholder) => ({
  workStatus: sql<WorkStatus | null>`(select ${gameHealth.status} from ${gameHealth} where ${gameHealth.gameId} = ${gameId})`,
  lastCheckedAt: sql<
    string | null
  >`(select to_char(${gameHealth.lastCheckedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${gameHealth} where ${gameHealth.gameId} = ${gameId})`,
});

/** The status read through `workStatusColumns`. */
export const workStatusOf = (row: { workStatus: WorkStatus | null; lastCheckedAt: string | null }): GameWorkStatus => ({
  status: row.workStatus ?? 'working',
  lastCheckedAt: row.lastCheckedAt,
});

async function readStatus(db: Db, gameId: number): Promise<GameWorkStatus> {
  const [row] = await db
    .select({ status: gameHealth.status, lastCheckedAt: gameHealth.lastCheckedAt })
    .from(gameHealth)
    .where(eq(gameHealth.gameId, gameId));
  return toStatus(row);
}

/** Anyone may read a listed game's status. */
export async function gameWorkStatus(db: Db, gameId: number): Promise<GameWorkStatus> {
  await requirePublishedGame(db, gameId);
  return readStatus(db, gameId);
}

async function requireOwnGame(db: Db, actor: Actor, gameId: number) {
  const [game] = await db
    .select({ id: games.id, title: games.title, target: checkTarget, hosted: hosted(games.id) })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.ownerId, actor.id)));
  if (!game) throw notFound(`You have no game with id ${gameId}`);
  return game;
}

/** The game's health row, locked for this transaction (made first if the game has none). */
async function lockHealth(tx: Db, gameId: number) {
  await tx.insert(gameHealth).values({ gameId }).onConflictDoNothing();
  const [row] = await tx.select().from(gameHealth).where(eq(gameHealth.gameId, gameId)).for('update');
  return row!;
}

async function recentReports(tx: Db, gameId: number): Promise<number> {
  const since = sql`now() - make_interval(days => ${STILL_WORKS_RULES.reportWindowDays})`;
  const [row] = await tx
    .select({ n: count() })
    .from(gameWorkReports)
    .where(and(eq(gameWorkReports.gameId, gameId), gt(gameWorkReports.reportedAt, since)));
  return row?.n ?? 0;
}

async function isHosted(tx: Db, gameId: number): Promise<boolean> {
  const [row] = await tx
    .select({ hosted: hosted(gameId) })
    .from(games)
    .where(eq(games.id, gameId));
  return Boolean(row?.hosted);
}

const notWorkingNotice = (gameId: number, title: string, reason: string): NewNotification => ({
  kind: 'game-not-working',
  title: `${title} is not working`,
  body: `Our last ${STILL_WORKS_RULES.failedChecksForNotWorking} checks of “${title}” failed (${reason}). Players now see it as Not working. Once it is fixed, use Check now on the game's stats in My games.`,
  link: `/my-games?game=${gameId}`,
});

/** A status change reaches lists too: the catalogue leaves out Not working games unless asked (decision 0072). */
async function listAs(tx: Db, gameId: number, status: WorkStatus): Promise<void> {
  await tx
    .update(games)
    .set({ notWorking: status === 'not-working' })
    .where(eq(games.id, gameId));
}

/**
 * Records one check, trims the history, and settles the status in one transaction; when the game
 * has just become Not working its maker is told on the bell, and by e-mail after commit.
 */
export async function recordCheck(
  db: Db,
  gameId: number,
  outcome: CheckOutcome,
  manual: boolean,
  mail: CheckDeps['mail'],
): Promise<{ check: GameCheck; status: GameWorkStatus }> {
  const { check, status, tell } = await db.transaction(async (tx) => {
    const health = await lockHealth(tx, gameId);
    const [row] = await tx
      .insert(gameChecks)
      .values({ gameId, manual, ...outcome })
      .returning();
    await tx.execute(sql`delete from ${gameChecks} where ${gameChecks.gameId} = ${gameId} and ${gameChecks.id} not in (
      select ${gameChecks.id} from ${gameChecks} where ${gameChecks.gameId} = ${gameId} order by ${gameChecks.checkedAt} desc, ${gameChecks.id} desc limit ${STILL_WORKS_RULES.keptChecks})`);
    const failedStreak = outcome.ok ? 0 : health.failedStreak + 1;
    const next = deriveStatus({ hosted: await isHosted(tx, gameId), failedStreak, recentReports: await recentReports(tx, gameId) });
    const changed = next !== health.status;
    const [saved] = await tx
      .update(gameHealth)
      .set({ failedStreak, status: next, lastCheckedAt: row!.checkedAt, ...(changed ? { statusChangedAt: sql`now()` } : {}) })
      .where(eq(gameHealth.gameId, gameId))
      .returning();
    if (changed) await listAs(tx, gameId, next);
    let tell: { userId: string; notification: NewNotification } | undefined;
    if (changed && next === 'not-working') {
      const [game] = await tx.select({ ownerId: games.ownerId, title: games.title }).from(games).where(eq(games.id, gameId));
      if (game?.ownerId) {
        tell = { userId: game.ownerId, notification: notWorkingNotice(gameId, game.title, outcome.reason) };
        await notify(tx, tell.userId, tell.notification);
      }
    }
    return { check: toCheck(row!), status: toStatus(saved), tell };
  });
  if (tell) await mail(tell.userId, tell.notification);
  return { check, status };
}

/** "It doesn't work for me": once a week per member and game; answers the status it leaves. */
export async function reportNotWorking(db: Db, actor: Actor, gameId: number): Promise<GameWorkStatus> {
  await requirePublishedGame(db, gameId);
  return db.transaction(async (tx) => {
    const every = sql`make_interval(days => ${STILL_WORKS_RULES.reportEveryDays})`;
    const counted = await tx
      .insert(gameWorkReports)
      .values({ gameId, userId: actor.id })
      .onConflictDoUpdate({
        target: [gameWorkReports.gameId, gameWorkReports.userId],
        set: { reportedAt: sql`now()` },
        setWhere: sql`${gameWorkReports.reportedAt} <= now() - ${every}`,
      })
      .returning({ at: gameWorkReports.reportedAt });
    if (counted.length === 0) {
      throw new AppError(
        'resource-exhausted',
        `You already said this game doesn't work for you this week; you can say it again ${STILL_WORKS_RULES.reportEveryDays} days after the last time.`,
      );
    }
    const health = await lockHealth(tx, gameId);
    const next = deriveStatus({
      hosted: await isHosted(tx, gameId),
      failedStreak: health.failedStreak,
      recentReports: await recentReports(tx, gameId),
    });
    if (next === health.status) return toStatus(health);
    const [saved] = await tx
      .update(gameHealth)
      .set({ status: next, statusChangedAt: sql`now()` })
      .where(eq(gameHealth.gameId, gameId))
      .returning();
    await listAs(tx, gameId, next);
    return toStatus(saved);
  });
}

/** The maker's check history of one of their games, newest first. */
export async function listChecks(db: Db, actor: Actor, gameId: number, page: PageRequest): Promise<GameCheckPage> {
  await requireOwnGame(db, actor, gameId);
  const ordered = db
    .select()
    .from(gameChecks)
    .where(eq(gameChecks.gameId, gameId))
    .orderBy(desc(gameChecks.checkedAt), desc(gameChecks.id))
    .$dynamic();
  const total = db.select({ total: count() }).from(gameChecks).where(eq(gameChecks.gameId, gameId));
  return pageOf(ordered, total, page, toCheck);
}

/** "Check now": the maker's own game, at most once per ten minutes, through the guarded client. */
export async function checkNow(
  db: Db,
  actor: Actor,
  gameId: number,
  deps: CheckDeps,
): Promise<{ check: GameCheck; status: GameWorkStatus }> {
  const game = await requireOwnGame(db, actor, gameId);
  if (!deps.enabled) throw new AppError('failed-precondition', 'Checks are turned off on this server (GAME_CHECKS).');
  if (game.hosted)
    throw new AppError('failed-precondition', 'This game plays from a build hosted here, so there is no outside address to check.');
  if (!game.target)
    throw new AppError('failed-precondition', 'This game has no outside address to check: give it an https play URL or a health address.');
  const minutes = STILL_WORKS_RULES.checkNowEveryMinutes;
  const claimed = await db.transaction(async (tx) => {
    await lockHealth(tx, gameId);
    return tx
      .update(gameHealth)
      .set({ lastManualCheckAt: sql`now()` })
      .where(
        and(
          eq(gameHealth.gameId, gameId),
          sql`(${gameHealth.lastManualCheckAt} is null or ${gameHealth.lastManualCheckAt} <= now() - make_interval(mins => ${minutes}))`,
        ),
      )
      .returning({ at: gameHealth.lastManualCheckAt });
  });
  if (claimed.length === 0)
    throw new AppError(
      'resource-exhausted',
      `You can ask for a check of a game once every ${minutes} minutes; please try again a little later.`,
    );
  const outcome = await checkAddress(game.target, deps.outgoing);
  return recordCheck(db, gameId, outcome, true, deps.mail);
}

/** The maker's health address: checked instead of the play URL; null goes back to the play URL. */
/** The maker's health address for their game (null: its play URL is checked). */
export async function healthUrlOf(db: Db, actor: Actor, gameId: number): Promise<{ healthUrl: string | null }> {
  const [row] = await db
    .select({ healthUrl: games.healthUrl })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.ownerId, actor.id)));
  if (!row) throw notFound(`You have no game with id ${gameId}`);
  return row;
}

export async function setHealthUrl(db: Db, actor: Actor, gameId: number, healthUrl: string | null): Promise<{ healthUrl: string | null }> {
  await requireOwnGame(db, actor, gameId);
  const [row] = await db
    .update(games)
    .set({ healthUrl })
    .where(and(eq(games.id, gameId), eq(games.ownerId, actor.id)))
    .returning({ healthUrl: games.healthUrl });
  if (!row) throw notFound(`You have no game with id ${gameId}`);
  return row;
}

/** How many checks a run makes at once. */
const CHECKS_AT_ONCE = 4;

/** The periodic job runs every five minutes; each run checks its share of the day's checks. */
export const CHECK_JOB_EVERY_MS = 5 * 60_000;

/** Listed games with an outside address we do not host. */
const checkable = and(eq(games.status, 'published'), sql`${checkTarget} is not null`, sql`not ${hosted(games.id)}`);

/**
 * Checks the games that are due (never checked, or not within the interval), oldest first, a
 * share of them each run so a day's checks spread over the day. Answers how many it checked.
 */
export async function runDueChecks(db: Db, deps: CheckDeps, batchSize?: number): Promise<number> {
  const intervalMs = deps.intervalHours * 60 * 60_000;
  let limit = batchSize;
  if (limit === undefined) {
    const [all] = await db.select({ n: count() }).from(games).where(checkable);
    limit = Math.max(1, Math.ceil(((all?.n ?? 0) * CHECK_JOB_EVERY_MS) / intervalMs));
  }
  const due = await db
    .select({ id: games.id, target: checkTarget })
    .from(games)
    .leftJoin(gameHealth, eq(gameHealth.gameId, games.id))
    .where(
      and(
        checkable,
        sql`(${gameHealth.lastCheckedAt} is null or ${gameHealth.lastCheckedAt} <= now() - make_interval(hours => ${deps.intervalHours}))`,
      ),
    )
    .orderBy(sql`${gameHealth.lastCheckedAt} asc nulls first`, games.id)
    .limit(limit);
  // A few at once: a run of slow addresses (10 s each at most) still ends well within its interval.
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const game = due[next++]!;
      const outcome = await checkAddress(game.target!, deps.outgoing);
      await recordCheck(db, game.id, outcome, false, deps.mail);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, due.length) }, worker));
  return due.length;
}

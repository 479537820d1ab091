import { and, desc, eq, sql, sum } from 'drizzle-orm';
import type { BuildLimits, BuildOptions, GameBuild } from '../../../shared/builds';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { gameBuilds, games } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { BuildStorage } from '../../storage/build-storage';
import type { CheckedBuild } from './build-checker';
import type { GameUrls } from './game-urls';

export interface BuildRules {
  limits: BuildLimits;
  quotaBytes: number;
}

const NOT_YOUR_GAME = 'Only the maker of this game can upload its builds.';

/** The game, when the actor is its maker (moderators may read its builds too). */
async function requireMaker(db: Db, actor: Actor, gameId: number, { moderatorsToo = false } = {}): Promise<void> {
  const [game] = await db.select({ ownerId: games.ownerId }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound('No such game.');
  const moderator = actor.role === 'moderator' || actor.role === 'admin';
  if (game.ownerId !== actor.id && !(moderatorsToo && moderator)) throw new AppError('permission-denied', NOT_YOUR_GAME);
}

async function bytesUsedBy(db: Db, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ used: sum(gameBuilds.sizeBytes).mapWith(Number) })
    .from(gameBuilds)
    .where(eq(gameBuilds.uploadedBy, actor.id));
  return row?.used ?? 0;
}

export class QuotaExceeded extends AppError {
  constructor(quotaBytes: number) {
    super(
      'resource-exhausted',
      `Your builds would take more than the ${Math.round(quotaBytes / 1024 / 1024)} MB a maker may keep. Make this build smaller.`,
    );
  }
}

/** Checked before the body is read: the maker, their standing, and room left in their quota. */
export async function startBuildUpload(db: Db, actor: Actor, gameId: number, rules: BuildRules): Promise<void> {
  requireGoodStanding(actor);
  await requireMaker(db, actor, gameId);
  if ((await bytesUsedBy(db, actor)) >= rules.quotaBytes) throw new QuotaExceeded(rules.quotaBytes);
}

/**
 * Keeps a checked build as the game's next version, pending review. The game's row is locked
 * while the version is numbered and the files written to the storage, so two uploads never share
 * one; files first, then the row, so a row never names missing files. A failure midway leaves no
 * row, and the storage removes what it wrote.
 */
export async function keepBuild(
  db: Db,
  files: BuildStorage,
  urls: GameUrls,
  actor: Actor,
  gameId: number,
  unpacked: string,
  checked: CheckedBuild,
  options: BuildOptions,
  rules: BuildRules,
): Promise<GameBuild> {
  return db.transaction(async (tx) => {
    await lockGame(tx, gameId);
    if ((await bytesUsedBy(tx, actor)) + checked.sizeBytes > rules.quotaBytes) throw new QuotaExceeded(rules.quotaBytes);
    const [last] = await tx
      .select({ version: gameBuilds.version })
      .from(gameBuilds)
      .where(eq(gameBuilds.gameId, gameId))
      .orderBy(desc(gameBuilds.version))
      .limit(1);
    return toGameBuild(
      urls,
      await keepVersion(tx, files, gameId, (last?.version ?? 0) + 1, unpacked, checked, {
        ...options,
        uploadedBy: actor.id,
        status: 'pending',
      }),
      false,
    );
  });
}

/**
 * Keeps a sample game's build, checked as an upload is, as its approved version 1, when the game
 * has no build yet: safe to run on every start, and on several instances at once (the game's row
 * is locked). Null when the game already has one.
 */
export async function keepSampleBuild(
  db: Db,
  files: BuildStorage,
  urls: GameUrls,
  gameId: number,
  unpacked: string,
  checked: CheckedBuild,
  options: BuildOptions,
): Promise<GameBuild | null> {
  return db.transaction(async (tx) => {
    await lockGame(tx, gameId);
    const [existing] = await tx.select({ version: gameBuilds.version }).from(gameBuilds).where(eq(gameBuilds.gameId, gameId)).limit(1);
    if (existing) return null;
    const row = await keepVersion(tx, files, gameId, 1, unpacked, checked, { ...options, uploadedBy: null, status: 'approved' });
    await playsInBrowserIfHosted(tx, gameId);
    return toGameBuild(urls, row, true);
  });
}

/**
 * A game with an approved build plays in the browser: its platforms include `web` (what the
 * catalogue's "Plays in the browser" filter reads). Call it wherever a build becomes approved
 * and wherever a game's platforms are written.
 */
export async function playsInBrowserIfHosted(db: Db, gameId: number): Promise<void> {
  await db
    .update(games)
    .set({ platforms: sql`array_append(${games.platforms}, 'web')` })
    .where(
      and(
        eq(games.id, gameId),
        sql`not ('web' = any(${games.platforms}))`,
        sql`exists (select 1 from ${gameBuilds} where ${gameBuilds.gameId} = ${gameId} and ${gameBuilds.status} = 'approved')`,
      ),
    );
}

async function lockGame(tx: Db, gameId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${games} where ${games.id} = ${gameId} for update`);
}

/** Files first, then the row, so a row never names missing files; the files go again when the row cannot be written. */
async function keepVersion(
  tx: Db,
  files: BuildStorage,
  gameId: number,
  version: number,
  unpacked: string,
  checked: CheckedBuild,
  kept: BuildOptions & { uploadedBy: string | null; status: GameBuild['status'] },
): Promise<typeof gameBuilds.$inferSelect> {
  try {
    await files.keep(unpacked, gameId, version);
    const [row] = await tx
      .insert(gameBuilds)
      .values({ ...kept, gameId, version, sizeBytes: checked.sizeBytes, fileCount: checked.fileCount, entryPath: checked.entryPath })
      .returning();
    return row!;
  } catch (error) {
    // Still under the game's lock, so no other upload has this version yet: nothing of it stays.
    await files.forget(gameId, version);
    throw error;
  }
}

/** Every version of a game's build, newest first, for its maker and moderators, each with a preview address. */
export async function listBuilds(db: Db, urls: GameUrls, actor: Actor, gameId: number): Promise<GameBuild[]> {
  await requireMaker(db, actor, gameId, { moderatorsToo: true });
  const rows = await db.select().from(gameBuilds).where(eq(gameBuilds.gameId, gameId)).orderBy(desc(gameBuilds.version)).limit(100);
  const playing = playingVersion(rows);
  return rows.map((row) => toGameBuild(urls, row, row.version === playing));
}

/** The version chosen to play, or else the newest approved one (builds approved before choices were kept). */
function playingVersion(rows: readonly (typeof gameBuilds.$inferSelect)[]): number | null {
  const approved = rows.filter((row) => row.status === 'approved');
  return (approved.find((row) => row.playing) ?? approved.sort((a, b) => b.version - a.version)[0])?.version ?? null;
}

/**
 * The build that plays on a listed game's page: the approved version last chosen (by an
 * approval or the maker's rollback), else the newest approved one. A pending version never plays.
 */
export async function listedBuild(db: Db, urls: GameUrls, gameId: number): Promise<GameBuild | null> {
  const [row] = await db
    .select()
    .from(gameBuilds)
    .innerJoin(games, eq(games.id, gameBuilds.gameId))
    .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.status, 'approved'), eq(games.status, 'published')))
    .orderBy(desc(gameBuilds.playing), desc(gameBuilds.version))
    .limit(1);
  return row ? toGameBuild(urls, row.game_builds, true) : null;
}

/** What the games origin needs to know to serve a version's files; null when there is no such version. */
export interface BuildAccess {
  status: GameBuild['status'];
  crossOriginIsolated: boolean;
  /** The game is listed: only then does its approved build play at its lasting address. */
  gameListed: boolean;
}

export async function buildAccessOf(db: Db, gameId: number, version: number): Promise<BuildAccess | null> {
  const [row] = await db
    .select({
      status: gameBuilds.status,
      crossOriginIsolated: gameBuilds.crossOriginIsolated,
      gameListed: sql<boolean>`${games.status} = 'published'`,
    })
    .from(gameBuilds)
    .innerJoin(games, eq(games.id, gameBuilds.gameId))
    .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, version)));
  return row ?? null;
}

export function toGameBuild(urls: GameUrls, row: typeof gameBuilds.$inferSelect, playing: boolean): GameBuild {
  const playUrl = row.status === 'approved' ? urls.listed(row.gameId, row.version, row.entryPath) : urls.preview(row.gameId, row.version);
  return {
    version: row.version,
    status: row.status,
    sizeBytes: row.sizeBytes,
    fileCount: row.fileCount,
    entryPath: row.entryPath,
    createdAt: row.createdAt.toISOString(),
    playUrl,
    playing,
    reviewNote: row.reviewNote,
    aspectRatio: row.aspectRatio,
    crossOriginIsolated: row.crossOriginIsolated,
  };
}

import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { catalogueTopic, gameTopic, gameTopicPrefix, userTopic } from '../../../shared/live';
import {
  FORMER_PLAYER,
  type HelpfulVote,
  type MyReview,
  type Reply,
  type Review,
  type ReviewInput,
  type ReviewListQuery,
  type ReviewOrder,
  type ReviewPage,
} from '../../../shared/reviews';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { preparedSql, preparedStatement } from '../../db/prepared';
import { games, reviewReplies, reviews, reviewVotes, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { announceOnCommit, publish, publishAll, publishEachRow } from '../../live/publish';
import { bellEachRow } from '../notifications';

const histogramKeys = ['ratings1', 'ratings2', 'ratings3', 'ratings4', 'ratings5'] as const;

const permissionDenied = (message: string) => new AppError('permission-denied', message);

export const OWN_GAME_REVIEW_MESSAGE = "Makers don't review their own games: reviews here are players' own.";
export const OWN_GAME_VOTE_MESSAGE = "Makers don't mark reviews of their own games helpful: players decide which help most.";

/** The community guidelines: makers do not review their own games. */
function requireNotMaker(maker: string | null, actor: Actor): void {
  if (maker === actor.id) throw permissionDenied(OWN_GAME_REVIEW_MESSAGE);
}

/** A review's stars leaving the histogram (`from`) and arriving (`to`); either may be absent. */
interface StarsMove {
  from?: number;
  to?: number;
}

/**
 * The one rule of the rating histogram: each of its five columns, counted from `base(column)`,
 * gains the review whose stars arrive (`to`) and loses the one whose stars leave (`from`); a
 * missing side (a new or deleted review) is null and moves nothing.
 */
function histogramShift(from: SQL, to: SQL, base: (column: HistogramColumn) => SQL): SQL {
  return sql.join(
    histogramColumns.map((column, index) => {
      const stars = index + 1;
      return sql`${column} = ${base(column)} + (${to} is not distinct from ${stars})::int - (${from} is not distinct from ${stars})::int`;
    }),
    sql`, `,
  );
}

const histogramColumns = histogramKeys.map((key) => sql.identifier(games[key].name));
type HistogramColumn = (typeof histogramColumns)[number];
const starsOrNull = (stars: number | undefined) => sql`${stars ?? null}::int`;

/**
 * Moves the game's rating histogram in one update: every update of a game row writes a new entry
 * in each of its indexes (the search and trigram ones too), so a changed star count is one row
 * version, not two.
 */
async function moveStars(db: Db, gameId: number, { from, to }: StarsMove): Promise<void> {
  if (from === to) return;
  await db.execute(
    sql`update ${games} set ${histogramShift(starsOrNull(from), starsOrNull(to), (column) => sql`${column}`)} where ${games.id} = ${gameId}`,
  );
}

async function announce(db: Db, gameId: number): Promise<void> {
  await publishAll(db, [
    { topic: gameTopic(gameId), payload: { change: 'reviews' } },
    { topic: catalogueTopic, payload: { gameId, change: 'rating' } },
  ]);
}

/** The maker's reply to a review as JSON, the way a review column reads it (null when there is none, or it is held). */
interface ReplyJson {
  id: number;
  body: string;
  createdAt: string;
  updatedAt: string;
}
export const replyJson = (reviewId: SQL | typeof reviews.id) =>
  sql<ReplyJson | null>`(select json_build_object('id', rr.id, 'body', rr.body, 'createdAt', rr.created_at, 'updatedAt', rr.updated_at) from ${reviewReplies} rr
    where rr.review_id = ${reviewId} and not rr.held and not exists (select 1 from ${users} maker where maker.id = rr.maker_id and maker.banned))`;

/**
 * A review everyone else sees: not held, and its author not banned (decision 0061). Both keep
 * their stars in the histogram; a review whose author deleted their account is shown anonymised.
 * For a statement that reads `reviews` under its own name.
 */
export const shownReview = sql`not ${reviews.held} and not exists (select 1 from ${users} author where author.id = ${reviews.userId} and author.banned)`;

function toReply(reply: ReplyJson | null | undefined): Reply | null {
  if (!reply) return null;
  const createdAt = new Date(reply.createdAt);
  const updatedAt = new Date(reply.updatedAt);
  return {
    id: reply.id,
    body: reply.body,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    edited: updatedAt.getTime() > createdAt.getTime(),
  };
}

function reviewColumns(viewerId: string | null | Placeholder) {
  return {
    id: reviews.id,
    gameId: reviews.gameId,
    userId: reviews.userId,
    authorName: users.name,
    stars: reviews.stars,
    body: reviews.body,
    helpfulCount: reviews.helpfulCount,
    createdAt: reviews.createdAt,
    updatedAt: reviews.updatedAt,
    votedHelpful: viewerId
      ? sql<boolean>`exists (select 1 from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviews.id} and ${reviewVotes.userId} = ${viewerId})`
      : sql<boolean>`false`,
    reply: replyJson(reviews.id),
  };
}

/** A review as read with reviewColumns, with its author's name (null once they deleted their account). */
type ReviewRow = Omit<SelectResultFields<ReturnType<typeof reviewColumns>>, 'authorName'> & { authorName: string | null };

/** Only a display name goes out: an anonymised review (author deleted) says "Former player". */
function toReview(row: ReviewRow, viewerId: string | null): Review {
  return {
    id: row.id,
    gameId: row.gameId,
    authorName: row.userId === null || row.authorName === null ? FORMER_PLAYER : row.authorName,
    stars: row.stars,
    body: row.body,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.updatedAt.getTime() > row.createdAt.getTime(),
    mine: viewerId !== null && row.userId === viewerId,
    votedHelpful: Boolean(row.votedHelpful),
    reply: toReply(row.reply),
  };
}

/**
 * A page of a listed game's reviews in one order, each row carrying the game's total; the viewer
 * may be nobody (null). A listed game without reviews still gets one row (the total, no review),
 * so the game page's call is one query; an unlisted game gets none.
 */
const reviewPageStatement = (order: ReviewOrder) =>
  preparedStatement((db) =>
    db
      .select({
        ...reviewColumns(sql.placeholder('viewerId')),
        total: sql<number>`(select count(*) from ${reviews} where ${reviews.gameId} = ${sql.placeholder('gameId')} and ${shownReview})::int`,
      })
      .from(games)
      .leftJoin(reviews, and(eq(reviews.gameId, games.id), shownReview))
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(games.id, sql.placeholder('gameId')), eq(games.status, 'published')))
      .orderBy(
        ...(order === 'most-helpful'
          ? [descending(reviews.helpfulCount), descending(reviews.id)]
          : [descending(reviews.createdAt), descending(reviews.id)]),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`review_page_${order.replace('-', '_')}`),
  );
const reviewPages = { newest: reviewPageStatement('newest'), 'most-helpful': reviewPageStatement('most-helpful') };

/** A review row as a JSON column gives it: the times as text. */
type ReviewJsonRow = Omit<ReviewRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/**
 * The first page of a game's newest reviews as columns of another statement: `newestReviews`,
 * a JSON array of rows of reviewColumns' shape (empty when `limit` is 0), and `reviewTotal`. The
 * game page reads them with the viewer's own facts in one statement.
 */
export function newestReviewsColumns(gameId: Placeholder, viewerId: Placeholder, limit: Placeholder) {
  const named = sql.join(
    Object.entries(reviewColumns(viewerId)).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const page = sql`select ${named} from ${reviews} left join ${users} on ${users.id} = ${reviews.userId}
    where ${reviews.gameId} = ${gameId} and ${shownReview} order by ${reviews.createdAt} desc, ${reviews.id} desc limit ${limit}`;
  return {
    newestReviews: sql<
      ReviewJsonRow[]
    >`(select coalesce(json_agg(page order by page."createdAt" desc, page."id" desc), '[]'::json) from (${page}) as page)`,
    reviewTotal: sql<number>`case when ${limit} > 0 then (select count(*) from ${reviews} where ${reviews.gameId} = ${gameId} and ${shownReview})::int else 0 end`,
  };
}

/** newestReviewsColumns' answer as the newest reviews' first page. */
export function newestReviewPage(rows: ReviewJsonRow[], total: number, pageSize: number, viewerId: string | null): ReviewPage {
  const items = rows.map((row) => toReview({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }, viewerId));
  return { items, total, page: 1, pageSize, order: 'newest' };
}

/** How many reviews a listed game has, no row when it is not listed: for a page past the last one. */
const reviewCount = preparedStatement((db) =>
  db
    .select({
      total: sql<number>`(select count(*) from ${reviews} where ${reviews.gameId} = ${sql.placeholder('gameId')} and ${shownReview})::int`,
    })
    .from(games)
    .where(and(eq(games.id, sql.placeholder('gameId')), eq(games.status, 'published')))
    .prepare('review_count'),
);

export async function listReviews(
  db: Db,
  gameId: number,
  { order, page, pageSize }: ReviewListQuery,
  viewer: Actor | null,
): Promise<ReviewPage> {
  const viewerId = viewer?.id ?? null;
  const rows = await reviewPages[order](db).execute({ gameId, viewerId, limit: pageSize, offset: (page - 1) * pageSize });
  const [counted] = rows.length > 0 ? rows : await reviewCount(db).execute({ gameId });
  if (!counted) throw notFound(`No game with id ${gameId}`);
  const items = rows.flatMap((row) => (row.id === null ? [] : [toReview(row as ReviewRow, viewerId)]));
  return { items, total: counted.total, page, pageSize, order };
}

/**
 * The viewer's review of a listed game and its maker (no row when it is not listed), with
 * `extra` columns read in the same statement.
 */
export function selectMyReview<Extra extends Record<string, SQL>>(db: Db, userId: Placeholder, extra: Extra) {
  return db
    .select({ ...reviewColumns(userId), ownerId: games.ownerId, ...extra })
    .from(games)
    .leftJoin(reviews, and(eq(reviews.gameId, games.id), eq(reviews.userId, userId)))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(games.id, sql.placeholder('gameId')), eq(games.status, 'published')));
}

// One statement: the game page asks this on every view.
const myReviewStatement = preparedStatement((db) => selectMyReview(db, sql.placeholder('userId'), {}).prepare('my_review'));

/** The review's columns are null when the viewer has not reviewed the game. */
type MyReviewRow = { [Column in keyof ReviewRow]: ReviewRow[Column] | null } & { ownerId: string | null };

/** A row of selectMyReview as the answer: the review, if any, and whether the viewer made the game. */
export function toMyReview(row: MyReviewRow | undefined, gameId: number, actor: Actor): MyReview {
  if (!row) throw notFound(`No game with id ${gameId}`);
  const { ownerId, ...review } = row;
  return { review: review.id === null ? null : toReview(review as ReviewRow, actor.id), yourGame: ownerId === actor.id };
}

/** The viewer's own review of the game, and whether they made it (makers do not review their own). */
export async function myReview(db: Db, gameId: number, actor: Actor): Promise<MyReview> {
  const [row] = await myReviewStatement(db).execute({ gameId, userId: actor.id });
  return toMyReview(row, gameId, actor);
}

const NOT_THE_AUTHOR_MESSAGE = 'Only the author of a review can change it.';

/** The review a one-statement write answers, as the driver reads it: its id is null when nothing was written. */
interface WrittenRow {
  id: number | null;
  gameId: number;
  stars: number;
  body: string;
  helpfulCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  authorName: string | null;
  votedHelpful: boolean;
  reply: ReplyJson | null;
}

/** The actor's review as a written row answered it. */
function toWrittenReview(row: WrittenRow & { id: number }, actor: Actor): Review {
  return toReview({ ...row, userId: actor.id, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }, actor.id);
}

/** What the one statement of an edit answers: the checks' facts, and the review if it was changed. */
interface EditedRow extends WrittenRow {
  authorId: string | null;
  listed: boolean;
  maker: string | null;
}

/**
 * The edit's histogram move, counted from the game row as `old_review` locked it. Not from the row the
 * update reads: that is the statement's snapshot, which may predate an edit that committed while
 * this one waited for the lock, and PostgreSQL checks the constraints of a row computed from it
 * (here: no count below zero) before it finds that it has to compute the row again.
 */
const editHistogramShift = histogramShift(sql`old_review.stars`, sql`edited.stars`, (column) => sql`old_review.${column}`);

const actorId = sql.placeholder('actorId');

/**
 * The review named by the `reviewId` placeholder and its game, locked for the statement: what the
 * checks of an edit or a deletion need, and the histogram as the lock found it.
 */
const lockedReview = sql`
  select r.id, r.game_id, r.user_id, r.stars, g.status = 'published' as listed, g.owner_id as maker, ${sql.join(
    histogramColumns.map((column) => sql`g.${column}`),
    sql`, `,
  )}
  from ${reviews} r join ${games} g on g.id = r.game_id
  where r.id = ${sql.placeholder('reviewId')}
  for no key update of r, g`;

/** The live events of a changed review, for each row of `rows` (a WITH query with `game_id`). */
const reviewChanged = (rows: SQL) =>
  publishEachRow(rows, [
    { topic: sql`${gameTopicPrefix}::text || ${rows}.game_id`, payload: sql`${JSON.stringify({ change: 'reviews' })}` },
    { topic: sql`${catalogueTopic}::text`, payload: sql`jsonb_build_object('gameId', ${rows}.game_id, 'change', 'rating')` },
  ]);

/**
 * An edit in one statement, so one round trip (a hot write: conventions.md): lock the review and
 * its game reading what the checks need, change the review only when they pass, move the game's
 * histogram when the stars moved, and publish. `refuseEdit` words a refusal from the same facts.
 */
const editStatement = preparedSql<EditedRow>(
  'review_edit',
  sql`
  with old_review as (${lockedReview}), edited as (
    update ${reviews} set stars = ${sql.placeholder('stars')}, body = ${sql.placeholder('body')}, updated_at = now()
    from old_review
    where ${reviews.id} = old_review.id and old_review.user_id = ${actorId} and old_review.listed and old_review.maker is distinct from ${actorId}
    returning ${reviews}.*
  ), histogram as (
    update ${games} set ${editHistogramShift}
    from edited join old_review on old_review.id = edited.id
    where ${games.id} = edited.game_id and edited.stars <> old_review.stars
  ), events as (${reviewChanged(sql`edited`)})
  select old_review.game_id as "gameId", old_review.user_id as "authorId", old_review.listed, old_review.maker,
    edited.id, edited.stars, edited.body, edited.helpful_count as "helpfulCount", edited.created_at as "createdAt", edited.updated_at as "updatedAt",
    (select ${users.name} from ${users} where ${users.id} = edited.user_id) as "authorName",
    exists (select 1 from ${reviewVotes} v where v.review_id = edited.id and v.user_id = ${actorId}) as "votedHelpful",
    ${replyJson(sql`edited.id`)} as "reply"
  from old_review left join edited on true`,
);

/**
 * A deletion in one statement, the edit's shape: lock the review and its game, delete the review
 * only when the actor wrote it, take its stars out of the histogram as the lock found it, publish.
 * A review of a game no longer listed may still be deleted by its author.
 */
const deleteStatement = preparedSql<{ authorId: string | null }>(
  'review_delete',
  sql`
  with old_review as (${lockedReview}), deleted as (
    delete from ${reviews} using old_review
    where ${reviews.id} = old_review.id and old_review.user_id = ${actorId}
    returning ${reviews.id}, ${reviews.gameId} as game_id
  ), histogram as (
    update ${games} set ${histogramShift(sql`old_review.stars`, sql`null::int`, (column) => sql`old_review.${column}`)}
    from deleted join old_review on old_review.id = deleted.id
    where ${games.id} = deleted.game_id
  ), events as (${reviewChanged(sql`deleted`)})
  select old_review.user_id as "authorId" from old_review`,
);

/** What the one statement of a new review answers: the checks' facts, and the review if it was written. */
interface CreatedRow extends WrittenRow {
  listed: boolean | null;
  maker: string | null;
}

/**
 * A new review in one statement, the edit's shape: lock the game reading what the checks need,
 * write the review only when they pass (and the member has none yet), add its stars to the
 * histogram as the lock found it, publish, and put it on the maker's bell unless they turned that
 * off (e-mail comes as a daily digest: review-digest.ts). `refuseNew` words a refusal.
 */
const createStatement = preparedSql<CreatedRow>(
  'review_create',
  sql`
  with game as (
    select g.id, g.title, g.owner_id as maker, g.status = 'published' as listed, ${sql.join(
      histogramColumns.map((column) => sql`g.${column}`),
      sql`, `,
    )}
    from ${games} g
    where g.id = ${sql.placeholder('gameId')}
    for no key update of g
  ), created as (
    insert into ${reviews} (game_id, user_id, stars, body)
    select game.id, ${actorId}, ${sql.placeholder('stars')}, ${sql.placeholder('body')} from game
    where game.listed and game.maker is distinct from ${actorId}
    on conflict do nothing
    returning ${reviews}.*
  ), histogram as (
    update ${games} set ${histogramShift(sql`null::int`, sql`created.stars`, (column) => sql`game.${column}`)}
    from created join game on game.id = created.game_id
    where ${games.id} = created.game_id
  ), events as (${reviewChanged(sql`created`)}),
  ${bellEachRow('bell', sql`created join game on game.id = created.game_id`, 'reviews', {
    userId: sql`game.maker`,
    kind: 'new-review',
    title: sql`'New ' || created.stars || '-star review of ' || game.title`,
    body: sql`'Someone rated “' || game.title || '” ' || created.stars || ' out of 5 and wrote a review.'`,
    link: sql`'/game-detail?id=' || game.id || '#reviews'`,
  })}
  select game.listed, game.maker, created.id, created.game_id as "gameId", created.stars, created.body,
    created.helpful_count as "helpfulCount", created.created_at as "createdAt", created.updated_at as "updatedAt",
    (select ${users.name} from ${users} where ${users.id} = created.user_id) as "authorName", false as "votedHelpful", null as "reply"
  from (select 1) as one left join game on true left join created on true`,
);

/** Why a new review was refused, in the order a person would want to hear it; nothing when it was written. */
function refuseNew(row: CreatedRow | undefined, actor: Actor, gameId: number): asserts row is CreatedRow & { id: number } {
  if (!row?.listed) throw notFound(`No game with id ${gameId}`);
  requireNotMaker(row.maker, actor);
  if (row.id === null) throw new AppError('already-exists', 'You have already reviewed this game. Edit your review instead.');
}

export async function createReview(db: Db, actor: Actor, gameId: number, input: ReviewInput): Promise<Review> {
  requireGoodStanding(actor);
  const [row] = await createStatement(db).rows({ gameId, actorId: actor.id, stars: input.stars, body: input.body });
  refuseNew(row, actor, gameId);
  // The maker's bell, if they keep it on: this instance forgets their count at once.
  await announceOnCommit(db, row.maker ? [userTopic(row.maker)] : []);
  return toWrittenReview(row, actor);
}

/** Why an edit was refused, in the order a person would want to hear it; nothing when it was allowed. */
function refuseEdit(row: EditedRow | undefined, actor: Actor, reviewId: number): asserts row is EditedRow {
  if (!row) throw notFound(`No review with id ${reviewId}`);
  if (row.authorId !== actor.id) throw permissionDenied(NOT_THE_AUTHOR_MESSAGE);
  if (!row.listed) throw notFound(`No game with id ${row.gameId}`);
  requireNotMaker(row.maker, actor);
}

export async function updateReview(db: Db, actor: Actor, reviewId: number, input: ReviewInput): Promise<Review> {
  requireGoodStanding(actor);
  const [row] = await editStatement(db).rows({ reviewId, actorId: actor.id, stars: input.stars, body: input.body });
  refuseEdit(row, actor, reviewId);
  if (row.id === null) throw new Error(`Review ${reviewId} passed the checks but was not changed`);
  await announceOnCommit(db);
  return toWrittenReview({ ...row, id: row.id }, actor);
}

export async function deleteReview(db: Db, actor: Actor, reviewId: number): Promise<void> {
  const [row] = await deleteStatement(db).rows({ reviewId, actorId: actor.id });
  if (!row) throw notFound(`No review with id ${reviewId}`);
  if (row.authorId !== actor.id) throw permissionDenied(NOT_THE_AUTHOR_MESSAGE);
  await announceOnCommit(db);
}

/** What the one statement of a helpful vote answers: the checks' facts and the count after it. */
interface VotedRow {
  gameId: number;
  authorId: string | null;
  listed: boolean;
  maker: string | null;
  helpfulCount: number;
}

const wantsHelpful = sql.placeholder('helpful');

/**
 * A helpful vote (or taking one back) in one statement, the edit's shape: lock the review reading
 * what the checks need, add or remove the actor's vote only when they pass, count it from the
 * locked row, and publish when the count moved. `refuseVote` words a refusal from the same facts.
 */
const voteStatement = preparedSql<VotedRow>(
  'review_vote',
  sql`
  with target as (
    select r.id, r.game_id, r.user_id, r.helpful_count, g.status = 'published' as listed, g.owner_id as maker
    from ${reviews} r join ${games} g on g.id = r.game_id
    where r.id = ${sql.placeholder('reviewId')}
    for no key update of r
  ), allowed as (
    -- Taking back a vote is always allowed; only a new one would rank reviews of one's own game.
    select * from target
    where target.user_id is distinct from ${actorId} and target.listed and not (${wantsHelpful}::boolean and target.maker is not distinct from ${actorId})
  ), added as (
    insert into ${reviewVotes} (review_id, user_id) select allowed.id, ${actorId} from allowed where ${wantsHelpful}::boolean
    on conflict do nothing returning review_id
  ), removed as (
    delete from ${reviewVotes} v using allowed
    where not ${wantsHelpful}::boolean and v.review_id = allowed.id and v.user_id = ${actorId}
    returning v.review_id
  ), counted as (
    update ${reviews} set helpful_count = allowed.helpful_count + (select count(*) from added) - (select count(*) from removed)
    from allowed
    where ${reviews.id} = allowed.id and exists (select 1 from added union all select 1 from removed)
    returning ${reviews.gameId} as game_id, ${reviews.helpfulCount} as helpful_count
  ), events as (
    ${publishEachRow(sql`counted`, [{ topic: sql`${gameTopicPrefix}::text || counted.game_id`, payload: sql`${JSON.stringify({ change: 'reviews' })}` }])}
  )
  select target.game_id as "gameId", target.user_id as "authorId", target.listed, target.maker,
    coalesce((select counted.helpful_count from counted), target.helpful_count) as "helpfulCount"
  from target`,
);

/** Why a vote was refused, in the order a person would want to hear it; nothing when it was allowed. */
function refuseVote(row: VotedRow | undefined, actor: Actor, reviewId: number, helpful: boolean): asserts row is VotedRow {
  if (!row) throw notFound(`No review with id ${reviewId}`);
  if (row.authorId === actor.id) throw permissionDenied('You cannot mark your own review as helpful.');
  if (!row.listed) throw notFound(`No game with id ${row.gameId}`);
  if (helpful && row.maker === actor.id) throw permissionDenied(OWN_GAME_VOTE_MESSAGE);
}

/** Marks a review helpful (or takes that back). One vote per user per review; never one's own. */
export async function setHelpfulVote(db: Db, actor: Actor, reviewId: number, helpful: boolean): Promise<HelpfulVote> {
  requireGoodStanding(actor);
  const [row] = await voteStatement(db).rows({ reviewId, actorId: actor.id, helpful });
  refuseVote(row, actor, reviewId, helpful);
  await announceOnCommit(db);
  return { votedHelpful: helpful, helpfulCount: row.helpfulCount };
}

/** A removed review as a moderator's decision keeps it, so that an overturned appeal can put it back (decision 0058). */
export interface KeptReview {
  id: number;
  gameId: number;
  userId: string | null;
  stars: number;
  body: string;
  helpfulCount: number;
  createdAt: string;
  updatedAt: string;
  voters: string[];
}

/**
 * A moderator's removal of a review (issue 33): gone as if its author had deleted it, the
 * histogram moved in the same transaction. Answers what it was (with who found it helpful), for
 * the decision to keep, or undefined when there was no such review.
 */
export async function removeReview(tx: Db, reviewId: number): Promise<KeptReview | undefined> {
  const voters = await tx.select({ userId: reviewVotes.userId }).from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId));
  const [removed] = await tx.delete(reviews).where(eq(reviews.id, reviewId)).returning();
  if (!removed) return undefined;
  await moveStars(tx, removed.gameId, { from: removed.stars });
  await announce(tx, removed.gameId);
  const { id, gameId, userId, stars, body, helpfulCount } = removed;
  const times = { createdAt: removed.createdAt.toISOString(), updatedAt: removed.updatedAt.toISOString() };
  return { id, gameId, userId, stars, body, helpfulCount, ...times, voters: voters.map((vote) => vote.userId) };
}

/**
 * Puts a removed review back as it was, votes and all. False when it cannot be: its game is
 * gone, or its author has reviewed the game again since.
 */
export async function restoreReview(tx: Db, kept: KeptReview): Promise<boolean> {
  const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, kept.gameId));
  if (!game) return false;
  const [restored] = await tx
    .insert(reviews)
    .values({ ...kept, createdAt: new Date(kept.createdAt), updatedAt: new Date(kept.updatedAt) })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (!restored) return false;
  if (kept.voters.length > 0)
    await tx
      .insert(reviewVotes)
      .values(kept.voters.map((userId) => ({ reviewId: kept.id, userId })))
      .onConflictDoNothing();
  await moveStars(tx, kept.gameId, { to: kept.stars });
  await announce(tx, kept.gameId);
  return true;
}

/**
 * Holds a review pending a decision, or releases it: a held review leaves the game's list and
 * total (its stars stay in the histogram, decision 0058); its author still sees it as theirs.
 */
export async function setReviewHeld(tx: Db, reviewId: number, held: boolean): Promise<void> {
  const [changed] = await tx.update(reviews).set({ held }).where(eq(reviews.id, reviewId)).returning({ gameId: reviews.gameId });
  if (changed) await publish(tx, gameTopic(changed.gameId), { change: 'reviews' });
}

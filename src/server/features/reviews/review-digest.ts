import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { Messenger } from '../../auth/messages/messenger';
import type { Db } from '../../db/client';
import { games, notificationPreferences, reviews, users } from '../../db/schema';
import { shownReview } from './service';

export const REVIEW_DIGEST_EVERY_MS = 24 * 60 * 60_000;
/** Reviews still being written when the digest is made are told in the next one, not lost. */
const SETTLE_SECONDS = 60;
const REVIEWS_LISTED = 10;
const EXCERPT_LENGTH = 140;

interface DigestRow {
  userId: string;
  email: string;
  name: string;
  gameId: number;
  title: string;
  stars: number;
  body: string;
}

const excerpt = (body: string) => (body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : body);
const starsText = (stars: number) => `${'★'.repeat(stars)}${'☆'.repeat(5 - stars)}`;

function digestText(rows: DigestRow[], baseUrl: string): string {
  const listed = rows.slice(0, REVIEWS_LISTED).map((row) => {
    const link = new URL(`/game-detail?id=${row.gameId}#reviews`, baseUrl).href;
    return `${starsText(row.stars)} ${row.title}\n“${excerpt(row.body)}”\n${link}`;
  });
  const more = rows.length - listed.length;
  return [
    `Hello ${rows[0]!.name},`,
    `Your games had ${rows.length === 1 ? 'a new review' : `${rows.length} new reviews`} since the last digest:`,
    ...listed,
    ...(more > 0 ? [`…and ${more} more on your games' pages.`] : []),
    `You get this digest because you chose e-mail for reviews on ${new URL('/account#notifications', baseUrl).href}. Untick it there to stop.`,
    `— ${PRODUCT_NAME}`,
  ].join('\n\n');
}

/**
 * One e-mail per maker who chose reviews by e-mail, telling of their games' reviews since their
 * last digest. Each maker's mail is queued in the transaction that moves their `digested_through`
 * on, so a digest is neither lost nor sent twice, however runs and instances fail (the job
 * runs on one instance at a time).
 */
export function reviewDigestJob(db: Db, messenger: Messenger, baseUrl: string) {
  return async function sendReviewDigests(): Promise<number> {
    if (!messenger.canEmail) return 0;
    return db.transaction(async (tx) => {
      const through = sql<Date>`now() - make_interval(secs => ${SETTLE_SECONDS})`;
      const choseEmail = and(eq(notificationPreferences.kind, 'reviews'), eq(notificationPreferences.email, true));
      // Locked first: a choice changed meanwhile waits, and the reviews are read after it.
      await tx.select({ userId: notificationPreferences.userId }).from(notificationPreferences).where(choseEmail).for('update');
      const rows: DigestRow[] = await tx
        .select({
          userId: users.id,
          email: users.email,
          name: users.name,
          gameId: games.id,
          title: games.title,
          stars: reviews.stars,
          body: reviews.body,
        })
        .from(notificationPreferences)
        .innerJoin(users, eq(users.id, notificationPreferences.userId))
        .innerJoin(games, eq(games.ownerId, notificationPreferences.userId))
        .innerJoin(
          reviews,
          and(
            eq(reviews.gameId, games.id),
            gt(reviews.createdAt, notificationPreferences.digestedThrough),
            lte(reviews.createdAt, through),
            shownReview,
          ),
        )
        .where(choseEmail)
        .orderBy(asc(users.id), asc(reviews.createdAt), asc(reviews.id));
      const byMaker = new Map<string, DigestRow[]>();
      for (const row of rows) {
        const made = byMaker.get(row.userId);
        if (made) made.push(row);
        else byMaker.set(row.userId, [row]);
      }
      for (const made of byMaker.values()) {
        const count = made.length;
        await messenger.sendWithin(tx, {
          channel: 'email',
          to: made[0]!.email,
          subject: `${count === 1 ? 'A new review' : `${count} new reviews`} of your games · ${PRODUCT_NAME}`,
          text: digestText(made, baseUrl),
        });
      }
      await tx
        .update(notificationPreferences)
        .set({ digestedThrough: through })
        .where(and(choseEmail, lt(notificationPreferences.digestedThrough, through)));
      return byMaker.size;
    });
  };
}

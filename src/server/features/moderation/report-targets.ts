import { and, eq } from 'drizzle-orm';
import { MAX_ID } from '../../../shared/ids';
import { numericKinds, type ReportedText, type ReportKind } from '../../../shared/reports';
import type { Db } from '../../db/client';
import { documents, games, profiles, reviews, users } from '../../db/schema';
import { findReply } from '../reviews';
import { findUpdate } from '../updates';

/** A reportable item as it is now: who wrote it, what it says, and where it is seen. */
export interface ReportTarget {
  authorId: string | null;
  text: ReportedText;
  link: string;
}

const detail = (label: string, value: string | null | undefined) => (value ? [{ label, value }] : []);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

async function gameTarget(db: Db, id: string): Promise<ReportTarget | null> {
  const [game] = await db
    .select()
    .from(games)
    .where(and(eq(games.id, Number(id)), eq(games.status, 'published')));
  if (!game) return null;
  return {
    authorId: game.ownerId,
    link: `/game-detail?id=${game.id}`,
    text: {
      title: game.title,
      body: [game.tagline, game.description].filter(Boolean).join('\n\n'),
      details: [
        ...detail('AI roles', game.aiRoles.join(', ')),
        ...detail('AI runs on', game.aiRunsOn),
        ...detail('Model family', game.aiModelFamily),
        ...detail('AI output moderated', game.aiOutputModerated ? 'yes' : 'no'),
        ...detail('Play link', game.playUrl),
      ],
    },
  };
}

async function reviewTarget(db: Db, id: string): Promise<ReportTarget | null> {
  const [row] = await db
    .select({ review: reviews, gameTitle: games.title, authorName: users.name })
    .from(reviews)
    .innerJoin(games, and(eq(games.id, reviews.gameId), eq(games.status, 'published')))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, Number(id)));
  if (!row) return null;
  const { review } = row;
  return {
    authorId: review.userId,
    link: `/game-detail?id=${review.gameId}#reviews`,
    text: {
      title: `${review.stars}-star review of ${row.gameTitle} by ${row.authorName ?? 'a deleted account'}`,
      body: review.body,
      details: [],
    },
  };
}

async function listTarget(db: Db, id: string): Promise<ReportTarget | null> {
  const [row] = await db
    .select({ data: documents.data })
    .from(documents)
    .where(eq(documents.path, `lists/${id}`));
  const data = row?.data as Record<string, unknown> | undefined;
  if (!data || data.public !== true) return null;
  return {
    authorId: textOf(data.ownerId) || null,
    link: `/list?id=${encodeURIComponent(id)}`,
    text: { title: textOf(data.name) || 'Untitled list', body: textOf(data.description), details: [] },
  };
}

async function profileTarget(db: Db, id: string): Promise<ReportTarget | null> {
  const [row] = await db
    .select({
      name: users.name,
      username: users.username,
      image: users.image,
      banned: users.banned,
      bio: profiles.bio,
      website: profiles.website,
      links: profiles.links,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row || row.banned) return null;
  return {
    authorId: id,
    link: `/profile?id=${encodeURIComponent(id)}`,
    text: {
      title: row.name,
      body: row.bio ?? '',
      details: [
        ...detail('Username', row.username),
        ...detail('Picture', row.image),
        ...detail('Website', row.website),
        ...detail('Links', (row.links ?? []).join(' ')),
      ],
    },
  };
}

async function replyTarget(db: Db, id: string): Promise<ReportTarget | null> {
  const row = await findReply(db, Number(id));
  if (!row) return null;
  return {
    authorId: row.reply.makerId,
    link: `/game-detail?id=${row.gameId}#reviews`,
    text: { title: `The maker's reply to a review of ${row.gameTitle}`, body: row.reply.body, details: [] },
  };
}

async function updateTarget(db: Db, id: string): Promise<ReportTarget | null> {
  const row = await findUpdate(db, Number(id));
  if (!row) return null;
  const { update } = row;
  return {
    authorId: update.makerId,
    link: `/game-detail?id=${update.gameId}#update-${update.id}`,
    text: { title: `Update to ${row.gameTitle}: ${update.title}`, body: update.body, details: detail('The AI changed to', update.aiModel) },
  };
}

const loaders: Record<ReportKind, (db: Db, id: string) => Promise<ReportTarget | null>> = {
  game: gameTarget,
  review: reviewTarget,
  list: listTarget,
  profile: profileTarget,
  reply: replyTarget,
  update: updateTarget,
};

const isRowId = (id: string) => /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= MAX_ID;

/** The item as anyone can see it now, or null when it is not there to see (gone, private, unlisted). */
export async function findReportTarget(db: Db, kind: ReportKind, id: string): Promise<ReportTarget | null> {
  if (numericKinds.includes(kind) && !isRowId(id)) return null;
  return loaders[kind](db, id);
}

export const reportedThing: Record<ReportKind, string> = {
  game: 'game',
  review: 'review',
  list: 'list',
  profile: 'profile',
  reply: 'reply',
  update: 'update',
};

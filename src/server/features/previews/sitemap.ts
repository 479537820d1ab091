import { and, eq, isNotNull } from 'drizzle-orm';
import { catalogueQuerySchema } from '../../../shared/catalogue';
import { pathOf } from '../../../shared/routes';
import type { CatalogueSource } from '../../catalogue';
import type { Db } from '../../db/client';
import { games, users } from '../../db/schema';
import { runQuery } from '../documents';
import { escapeHtml } from './escape';

/** A sitemap holds at most 50,000 addresses; games take what the other parts leave. */
const SITEMAP_MAX = 50_000;
const MAX_LISTS = 500;
const MAX_MAKERS = 5_000;

const publicPages = ['home', 'about', 'community', 'support', 'public-lists'] as const;

/** Public lists, asked for as a visitor, so the document store's own rules decide. */
async function publicListIds(db: Db): Promise<string[]> {
  const { documents } = await runQuery(db, null, 'lists', {
    where: [{ field: 'public', op: '==', value: true }],
    orderBy: [],
    limit: MAX_LISTS,
  });
  return documents.map((document) => document.id);
}

/** Members whose public page shows a listed game: the makers (banned members have no public page). */
async function makerIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: games.ownerId })
    .from(games)
    .innerJoin(users, eq(users.id, games.ownerId))
    .where(and(eq(games.status, 'published'), isNotNull(games.ownerId), eq(users.banned, false)))
    .limit(MAX_MAKERS);
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

async function listedGameIds(catalogue: CatalogueSource, room: number): Promise<number[]> {
  if (room <= 0) return [];
  const index = await catalogue.index({ search: false });
  return index.pageIds({ ...catalogueQuerySchema.parse({ sort: 'newest' }), pageSize: room });
}

/**
 * sitemap.xml: the public pages, public lists, makers' profiles and, when the catalogue is
 * public, every listed game (newest first, up to the sitemap's limit).
 */
export async function sitemapXml(db: Db, catalogue: CatalogueSource, baseUrl: string, publicCatalogue: boolean): Promise<string> {
  const [lists, makers] = await Promise.all([publicListIds(db), makerIds(db)]);
  const paths = [
    ...publicPages.map((id) => pathOf(id)),
    ...(publicCatalogue ? ['/games', '/categories'] : []),
    ...lists.map((id) => `/list?id=${encodeURIComponent(id)}`),
    ...makers.map((id) => `/profile?id=${encodeURIComponent(id)}`),
  ];
  const gameIds = publicCatalogue ? await listedGameIds(catalogue, SITEMAP_MAX - paths.length) : [];
  paths.push(...gameIds.map((id) => `/game-detail?id=${id}`));
  const urls = paths.map((path) => `<url><loc>${escapeHtml(`${baseUrl}${path}`)}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

/**
 * robots.txt: the API and personal screens are not for crawlers; the sitemap says what is.
 * Game pages stay allowed in both modes: link unfurlers that honour robots.txt read their tags.
 */
export function robotsTxt(baseUrl: string): string {
  const personal = [
    '/api/',
    '/account',
    '/favourites',
    '/lists',
    '/my-games',
    '/moderation',
    '/onboarding',
    '/profile-setup',
    '/submit-game',
    '/logout',
  ];
  return ['User-agent: *', ...personal.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}

import { Feed, type Item } from 'feed';
import { catalogueQuerySchema } from '../../../shared/catalogue';
import type { CategorySlug } from '../../../shared/category-slugs';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { Game, GameDetail, GameListItem } from '../../../shared/games';
import type { CatalogueSource } from '../../catalogue';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { getPublicProfile, listUserGames } from '../profiles';
import { listReviews } from '../reviews';
import { newestUpdates } from '../updates';
import { escapeHtml, summary } from './escape';
import { gameDescription, previewImage } from './game-facts';

/** Entries a feed carries: the newest, never the whole catalogue. */
export const FEED_ENTRIES = 48;

interface FeedHead {
  title: string;
  description: string;
  /** Feed path on this site, which is also its id. */
  path: string;
  /** The page the feed is about. */
  pagePath: string;
}

const newestFirst = catalogueQuerySchema.parse({ sort: 'newest', pageSize: FEED_ENTRIES });

function atom(baseUrl: string, head: FeedHead, items: Item[]): string {
  const feed = new Feed({
    id: `${baseUrl}${head.path}`,
    title: head.title,
    description: head.description,
    link: `${baseUrl}${head.pagePath}`,
    feedLinks: { atom: `${baseUrl}${head.path}` },
    // As new as its newest entry; an empty feed, as now.
    updated: items.length ? items.reduce((newest, item) => (item.date > newest ? item.date : newest), items[0]!.date) : new Date(),
    copyright: `${PRODUCT_NAME} and the games' makers`,
    generator: PRODUCT_NAME,
  });
  items.forEach((item) => feed.addItem(item));
  return feed.atom1();
}

/**
 * The feed library writes an entry's title and summary as `type="html"`: their text goes in
 * escaped, so a reader shows `</title><script>` as the words it is.
 */
const asHtml = escapeHtml;

function gameItem(baseUrl: string, game: Game | GameListItem): Item {
  const link = `${baseUrl}/game-detail?id=${game.id}`;
  return {
    id: link,
    title: asHtml(game.title),
    link,
    date: new Date(game.updatedAt),
    published: new Date(game.createdAt),
    description: asHtml(gameDescription(game)),
    author: [{ name: game.developer }],
    category: game.categories.map((slug) => ({ term: slug, name: slug })),
    image: new URL(previewImage(game.image), `${baseUrl}/`).href,
  };
}

async function newestListed(catalogue: CatalogueSource, category?: CategorySlug): Promise<GameListItem[]> {
  const index = await catalogue.index({ search: false });
  const ids = index.pageIds(category ? { ...newestFirst, category: [category] } : newestFirst);
  return (await index.cardsJson(ids)).map((json) => JSON.parse(json) as GameListItem);
}

export async function newestGamesFeed(catalogue: CatalogueSource, baseUrl: string): Promise<string> {
  const games = await newestListed(catalogue);
  const head = {
    title: `Newest games on ${PRODUCT_NAME}`,
    description: 'Games built around AI, newest first.',
    path: '/feeds/games.atom',
    pagePath: '/games?sort=newest',
  };
  return atom(
    baseUrl,
    head,
    games.map((game) => gameItem(baseUrl, game)),
  );
}

export async function categoryFeed(catalogue: CatalogueSource, baseUrl: string, category: CategorySlug): Promise<string> {
  const games = await newestListed(catalogue, category);
  const head = {
    title: `Newest ${category} games on ${PRODUCT_NAME}`,
    description: `Games built around AI in ${category}, newest first.`,
    path: `/feeds/categories/${category}.atom`,
    pagePath: `/games?category=${category}&sort=newest`,
  };
  return atom(
    baseUrl,
    head,
    games.map((game) => gameItem(baseUrl, game)),
  );
}

/** A maker's listed games; 404 for someone who is not a public member. */
export async function makerFeed(db: Db, baseUrl: string, userId: string): Promise<string> {
  const maker = await getPublicProfile(db, userId);
  const games = await listUserGames(db, userId, { page: 1, pageSize: FEED_ENTRIES }, baseUrl);
  const head = {
    title: `Games by ${maker.name} on ${PRODUCT_NAME}`,
    description: summary(maker.bio || `Games ${maker.name} made, newest first.`),
    path: `/feeds/makers/${userId}.atom`,
    pagePath: `/profile?id=${userId}`,
  };
  return atom(
    baseUrl,
    head,
    games.items.map((game) => gameItem(baseUrl, game)),
  );
}

async function listedGame(catalogue: CatalogueSource, gameId: number): Promise<GameDetail> {
  const json = await (await catalogue.index({ search: false })).gameJson(gameId);
  if (json === undefined) throw notFound(`No game with id ${gameId}`);
  return JSON.parse(json) as GameDetail;
}

/** A listed game's reviews, newest first; 404 for a game that is not listed. */
export async function gameReviewsFeed(db: Db, catalogue: CatalogueSource, baseUrl: string, gameId: number): Promise<string> {
  const game = await listedGame(catalogue, gameId);
  const reviews = await listReviews(db, gameId, { order: 'newest', page: 1, pageSize: FEED_ENTRIES }, null);
  const pagePath = `/game-detail?id=${gameId}`;
  const items = reviews.items.map((review): Item => ({
    id: `${baseUrl}${pagePath}#review-${review.id}`,
    title: asHtml(`${review.stars} out of 5 stars for ${game.title}`),
    link: `${baseUrl}${pagePath}`,
    date: new Date(review.updatedAt),
    published: new Date(review.createdAt),
    description: asHtml(summary(review.body, 2000)),
    author: [{ name: review.authorName }],
  }));
  const head = {
    title: `Reviews of ${game.title} on ${PRODUCT_NAME}`,
    description: gameDescription(game),
    path: `/feeds/games/${gameId}/reviews.atom`,
    pagePath,
  };
  return atom(baseUrl, head, items);
}

/**
 * A listed game's update posts from its maker, newest first, each with its Markdown rendered as
 * on the game page (raw HTML in it stays words); 404 for a game that is not listed.
 */
export async function gameUpdatesFeed(db: Db, catalogue: CatalogueSource, baseUrl: string, gameId: number): Promise<string> {
  const game = await listedGame(catalogue, gameId);
  const updates = await newestUpdates(db, gameId, FEED_ENTRIES);
  const pagePath = `/game-detail?id=${gameId}`;
  const items = updates.map((update): Item => ({
    id: `${baseUrl}${pagePath}#update-${update.id}`,
    title: asHtml(update.title),
    link: `${baseUrl}${pagePath}#update-${update.id}`,
    date: new Date(update.updatedAt),
    published: new Date(update.createdAt),
    description: asHtml(summary(update.body, 2000)),
    content: (update.aiModel ? `<p>${asHtml(`The AI changed: ${update.aiModel}`)}</p>\n` : '') + update.bodyHtml,
    author: [{ name: game.developer }],
  }));
  const head = {
    title: `Updates to ${game.title} on ${PRODUCT_NAME}`,
    description: gameDescription(game),
    path: `/feeds/games/${gameId}/updates.atom`,
    pagePath,
  };
  return atom(baseUrl, head, items);
}

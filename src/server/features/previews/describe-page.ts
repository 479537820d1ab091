import { catalogueQuerySchema } from '../../../shared/catalogue';
import type { Game } from '../../../shared/games';
import { catalogueTitle } from '../../../shared/page-titles';
import { findAppRoute } from '../../../shared/routes';
import type { CatalogueSource } from '../../catalogue';
import type { Db } from '../../db/client';
import { getDocument } from '../documents';
import { getPublicProfile } from '../profiles';
import { summary } from './escape';
import { gameDescription, gameFactsHtml, previewImage } from './game-facts';
import { genericHead, NEWEST_FEED, type PageHead } from './page-head';

export interface PreviewSources {
  db: Db;
  catalogue: CatalogueSource;
  /** PUBLIC_CATALOGUE: game pages carry their facts in the HTML too. */
  publicCatalogue: boolean;
}

const LIST_OR_USER_ID = /^[A-Za-z0-9_-]{1,128}$/;
const GAME_ID = /^[1-9]\d{0,9}$/;

const publicPageDescriptions: Record<string, string> = {
  about: 'What GameSource is: the catalogue of games built around artificial intelligence, and who makes it.',
  community: 'The GameSource community: players and makers of games built around AI.',
  support: 'Help with GameSource: accounts, listing a game, and how to reach us.',
  'public-lists': 'Lists of games built around AI, made and shared by GameSource members: newest or fullest first.',
};

/** A listed game's public facts, or undefined for an unknown or unlisted id (which reveal nothing). */
async function listedGame(catalogue: CatalogueSource, id: string | null): Promise<Game | undefined> {
  if (!id || !GAME_ID.test(id)) return undefined;
  const json = await (await catalogue.index({ search: false })).headJson(Number(id));
  return json === undefined ? undefined : { ...(JSON.parse(json) as Omit<Game, 'id'>), id: Number(id) };
}

async function gameHead(sources: PreviewSources, id: string | null, canonicalPath: string): Promise<PageHead> {
  const game = await listedGame(sources.catalogue, id);
  if (!game) return genericHead(canonicalPath);
  return {
    title: game.title,
    description: gameDescription(game),
    canonicalPath: `/game-detail?id=${game.id}`,
    image: previewImage(game.image),
    imageAlt: game.imageAlt,
    feeds: [
      [`Reviews of ${game.title}`, `/feeds/games/${game.id}/reviews.atom`],
      [`Updates to ${game.title}`, `/feeds/games/${game.id}/updates.atom`],
      NEWEST_FEED,
    ],
    ...(sources.publicCatalogue ? { prerendered: gameFactsHtml(game) } : {}),
  };
}

/** A public list through the document store's own rules, read as a visitor; a private one reveals nothing. */
async function listHead(db: Db, id: string | null, canonicalPath: string): Promise<PageHead> {
  if (!id || !LIST_OR_USER_ID.test(id)) return genericHead(canonicalPath);
  const list = await getDocument(db, null, `lists/${id}`).catch(() => undefined);
  const data = list?.data;
  if (!data || typeof data.name !== 'string') return genericHead(canonicalPath);
  const description =
    typeof data.description === 'string' && data.description.trim() ? data.description : `A list of games on GameSource: ${data.name}`;
  return { title: data.name, description: summary(description), canonicalPath: `/list?id=${id}` };
}

async function profileHead(db: Db, id: string | null, canonicalPath: string): Promise<PageHead> {
  if (!id || !LIST_OR_USER_ID.test(id)) return genericHead(canonicalPath);
  const profile = await getPublicProfile(db, id).catch(() => undefined);
  if (!profile) return genericHead(canonicalPath);
  return {
    title: profile.name,
    description: summary(profile.bio || `${profile.name} on GameSource: their games and reviews.`),
    canonicalPath: `/profile?id=${id}`,
    type: 'profile',
    ...(profile.image ? { image: previewImage(profile.image), imageAlt: profile.name } : {}),
    feeds: [[`Games by ${profile.name}`, `/feeds/makers/${id}.atom`], NEWEST_FEED],
  };
}

/** `/games` with its search or categories in the title; the canonical address keeps only those. */
function gamesHead(query: URLSearchParams): PageHead {
  const parsed = catalogueQuerySchema.safeParse({ q: query.get('q') ?? undefined, category: query.getAll('category') });
  const q = parsed.success ? parsed.data.q : undefined;
  const categories = parsed.success ? (parsed.data.category ?? []) : [];
  const canonical = new URLSearchParams();
  if (q) canonical.set('q', q);
  categories.forEach((slug) => canonical.append('category', slug));
  const shown = categories.join(', ');
  const [category] = categories;
  return {
    title: catalogueTitle(q, categories),
    description: q ? `Games built around AI matching “${q}” on GameSource.` : SITE_GAMES_DESCRIPTION(shown),
    canonicalPath: canonical.size ? `/games?${canonical}` : '/games',
    feeds:
      category && categories.length === 1
        ? [[`Newest ${category} games`, `/feeds/categories/${category}.atom`], NEWEST_FEED]
        : [NEWEST_FEED],
  };
}

const SITE_GAMES_DESCRIPTION = (categories: string) =>
  categories
    ? `Games built around AI in ${categories} on GameSource.`
    : 'Browse every game built around AI on GameSource: search, filter and sort.';

/**
 * What a page's HTML says about it before any script runs, for link previews and crawlers.
 * Only listed games, public lists and public profiles are described; anything else gets the
 * site's generic description, so a preview reveals nothing a visitor could not see.
 */
export async function describePage(sources: PreviewSources, pathname: string, query: URLSearchParams): Promise<PageHead> {
  const route = findAppRoute(pathname);
  if (!route) return genericHead(pathname);
  const id = query.get('id');
  switch (route.id) {
    case 'game-detail':
      return gameHead(sources, id, route.path);
    case 'list':
      return listHead(sources.db, id, route.path);
    case 'profile':
      return profileHead(sources.db, id, route.path);
    case 'games':
      return gamesHead(query);
    default: {
      const head = genericHead(route.path);
      if (route.id === 'home') return head;
      return { ...head, title: route.title, description: publicPageDescriptions[route.id] ?? head.description };
    }
  }
}

import { and, eq } from 'drizzle-orm';
import type { CatalogueQuery } from '../../../shared/catalogue';
import type { Game } from '../../../shared/games';
import type { Actor } from '../../auth/actor';
import { selectGames, toGame, type CatalogueIndex } from '../../catalogue';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { withFields } from '../../http/json-text';
import { unlessUnreachable } from '../../http/possibly-stale';
import type { LiveHub } from '../../live/hub';
import { favouriteIdsAmong } from './favourite-ids';

export async function getPublishedGameBySlug(db: Db, slug: string, baseUrl: string): Promise<Game | undefined> {
  const [row] = await selectGames(db).where(and(eq(games.slug, slug), eq(games.status, 'published')));
  return row && toGame(row, baseUrl);
}

/**
 * A page of the catalogue as its JSON answer, without the games the viewer hid; a member's
 * carries which of its games are their favourites (the page then asks nothing more for its
 * hearts). During an outage the page goes without them.
 */
export async function cataloguePageJson(
  db: Db,
  live: LiveHub,
  index: CatalogueIndex,
  query: CatalogueQuery,
  { viewer, hidden }: { viewer: Actor | null; hidden: ReadonlySet<number> },
  whenStale: (upToDateAt?: number) => void,
): Promise<string> {
  const { json, ids } = await index.page(query, hidden);
  if (!viewer) return json;
  const hearts = await unlessUnreachable(() => favouriteIdsAmong(db, live, viewer, ids), undefined, whenStale);
  return hearts ? withFields(json, { favouriteIds: hearts }) : json;
}

import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import type { AppRouteId } from '../../shared/routes';
import { readCatalogueFilters } from '../lib/catalogue-filters';
import { categoriesQuery } from '../lib/categories';
import { prefetchFavouriteIds } from '../lib/favourites';
import { followStateQuery } from '../lib/follows';
import { gameViewerQuery, similarGamesQuery } from '../lib/game-viewer';
import { gameQuery } from '../lib/games-query';
import { gamesQuery } from '../lib/games-query';
import { homeQuery } from '../lib/home';
import { publicListsQuery, readPublicListsLocation } from '../lib/lists/public-lists';
import { myReviewQuery, reviewsQuery } from '../lib/reviews';
import { meQuery } from '../lib/session';
import { updatesQuery } from '../lib/updates';
import { parseGameId } from '../screens/game-detail/parse-game-id';

type Prefetch = (client: QueryClient, url: URL) => Promise<unknown>[];

/**
 * What each screen asks for as it opens, asked as soon as the address is known, while the
 * screen's code is still on its way: no request waits for another or for the code.
 */
const prefetches: Partial<Record<AppRouteId, Prefetch>> = {
  home: (client) => [
    client.prefetchQuery(categoriesQuery()),
    // "For you" depends on who is signed in.
    client.fetchQuery(meQuery()).then((me) => client.prefetchQuery(homeQuery(me.user !== null))),
  ],
  'public-lists': (client, url) => [client.prefetchQuery(publicListsQuery(readPublicListsLocation(url.searchParams)))],
  games: (client, url) => [
    // A member's page brings its hearts; one that came without them (from a shared cache, or before signing in) asks once the games are known.
    Promise.all([client.fetchQuery(gamesQuery(readCatalogueFilters(url.searchParams))), client.fetchQuery(meQuery())]).then(
      ([page, me]) =>
        me.user &&
        prefetchFavouriteIds(
          client,
          page.items.map((game) => game.id),
        ),
    ),
    client.prefetchQuery(categoriesQuery()),
  ],
  'game-detail': (client, url) => {
    const id = parseGameId(url.searchParams.get('id'));
    if (id === null) return [];
    return [
      client.prefetchQuery(gameQuery(id)),
      client.prefetchQuery(gameViewerQuery(id)),
      // "More like this" waits for its games: asked here, they are in hand when the screen renders.
      client.prefetchQuery(similarGamesQuery(id)),
      // A member's follow state and own review come with the viewer's answer: noted at once, the
      // screen is rendered in one pass, not a second once it finds them missing.
      client.fetchQuery(gameViewerQuery(id)).then(() => client.prefetchQuery(followStateQuery({ kind: 'game', id }))),
      Promise.all([client.fetchQuery(meQuery()), client.fetchQuery(gameViewerQuery(id))]).then(
        ([me]) => me.user && client.prefetchQuery(myReviewQuery(id)),
      ),
      // Their first pages come with the viewer's answer, which is already asked.
      client.prefetchInfiniteQuery(reviewsQuery(id, 'newest')),
      client.prefetchInfiniteQuery(updatesQuery(id)),
      client.prefetchQuery(categoriesQuery()),
    ];
  },
};

/**
 * The route's loader: starts the screen's requests and lets the screen render at once (it
 * shows its own placeholders), so first paint never waits on data. Failures are the screen's
 * to show when it asks again.
 */
export function routeLoader(client: QueryClient, id: AppRouteId): LoaderFunction | undefined {
  if (!hasRequests(id)) return undefined;
  return ({ request }) => {
    for (const started of screenRequests(client, id, new URL(request.url))) started.catch(() => undefined);
    return null;
  };
}

/** Whether the screen starts requests as it opens (its route has a loader). */
export const hasRequests = (id: AppRouteId): boolean => prefetches[id] !== undefined;

/** The requests a screen starts as it opens; the server's renderer waits for them. */
export function screenRequests(client: QueryClient, id: AppRouteId, url: URL): Promise<unknown>[] {
  return prefetches[id]?.(client, url) ?? [];
}

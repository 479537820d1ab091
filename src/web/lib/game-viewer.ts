import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/accounts';
import type { GameViewer } from '../../shared/game-viewer';
import { REVIEWS_DEFAULT_PAGE_SIZE } from '../../shared/review-values';
import { UPDATES_DEFAULT_PAGE_SIZE } from '../../shared/update-values';
import { apiGet, isApiError } from './api';
import { primeFavouriteIds } from './favourites';
import { gameKeys } from './games-query';
import { schema } from './lazy-schema';
import { useMe } from './session';

export const SIMILAR_GAMES_LIMIT = 6;

/**
 * What a game page shows beside the game, in one request: similar games, the viewer's review,
 * which of these games are their favourites (noted where the hearts look for it), and the
 * first pages of the newest reviews and of the maker's updates (which those lists start from,
 * see lib/reviews.ts and lib/updates.ts). Under
 * the game's detail key, so whatever refreshes the game refreshes this too.
 */
export function gameViewerQuery(id: number) {
  return queryOptions({
    queryKey: gameKeys.viewer(id),
    queryFn: async ({ signal, client }) => {
      const asked = `similar=${SIMILAR_GAMES_LIMIT}&reviews=${REVIEWS_DEFAULT_PAGE_SIZE}&updates=${UPDATES_DEFAULT_PAGE_SIZE}`;
      const viewer = await apiGet(`/api/games/${id}/viewer?${asked}`, schema('gameViewerSchema'), signal);
      if (viewer.favouriteIds) {
        primeFavouriteIds(client, [id], viewer.favouriteIds);
        primeFavouriteIds(
          client,
          viewer.similar.items.map((game) => game.id),
          viewer.favouriteIds,
        );
      }
      return viewer;
    },
  });
}

/** "More like this", from the game page's one request: empty when the game itself is gone, so the section simply stays away. */
export function similarGamesQuery(id: number) {
  return queryOptions({
    queryKey: gameKeys.similar(id),
    queryFn: async ({ client }) => {
      try {
        return (await client.fetchQuery(gameViewerQuery(id))).similar;
      } catch (error) {
        if (isApiError(error, 'not-found')) return { items: [] };
        throw error;
      }
    },
  });
}

/**
 * Whether the viewer made this game: the page's viewer answer says, which a page rendered for
 * every member like them holds before it names them (decision 0081); until that answer comes, who
 * is signed in does.
 */
export function useYourGame(game: { id: number; makerId?: string | null }): boolean {
  const { data: yours } = useQuery({ ...gameViewerQuery(game.id), select: yourGameOf });
  const userId = useMe(userIdOf);
  return yours ?? (userId !== undefined && userId !== null && userId === game.makerId);
}

const yourGameOf = (viewer: GameViewer) => viewer.myReview?.yourGame;
const userIdOf = (me: Me) => me.user?.id ?? null;

import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';
import { primeFavouriteIds } from './favourites';
import { schema } from './lazy-schema';

/** A live `catalogue` event refreshes every viewer's home; a favourite category saved, one's own. */
export const homeKeys = {
  all: ['home'] as const,
  // Not by who: a page rendered for every member like them holds it before it names them (decision 0081).
  of: (signedIn: boolean) => ['home', signedIn ? 'member' : 'anonymous'] as const,
};

/** The home page, per viewer: "For you" differs from one user to the next. */
export function homeQuery(signedIn: boolean) {
  return queryOptions({
    queryKey: homeKeys.of(signedIn),
    queryFn: async ({ signal, client }) => {
      const home = await apiGet('/api/home', schema('homeSchema'), signal);
      // The hearts of every section, in the same answer: noted where each section's hearts look.
      const { favouriteIds } = home;
      if (favouriteIds) {
        for (const games of [home.featured, home.trending, home.newest, home.topRated, home.forYou?.items ?? []]) {
          primeFavouriteIds(
            client,
            games.map((game) => game.id),
            favouriteIds,
          );
        }
      }
      return home;
    },
    staleTime: 30_000,
  });
}

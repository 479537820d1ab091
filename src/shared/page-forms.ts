import { pathOf } from './routes';

/**
 * The forms a rendered page posts before its scripts arrive (decision 0062): each answers 303,
 * to the game (Play) or back to the page it came from. Zod-free, for the first paint.
 */
export const playFormPath = (gameId: number) => `/api/forms/games/${gameId}/play`;
export const favouriteFormPath = (gameId: number) => `/api/forms/games/${gameId}/favourite`;

/** What a follow button follows: a maker (a user id) or a game. */
export type FollowTarget = { kind: 'maker'; id: string } | { kind: 'game'; id: number };
export const followFormPath = (target: FollowTarget) =>
  target.kind === 'game' ? `/api/forms/games/${target.id}/follow` : `/api/forms/makers/${encodeURIComponent(target.id)}/follow`;

/** Play's field for a game whose build is hosted here: 'page' plays it in its page, 'build' in a tab of its own. */
export const PLAY_WHERE_FIELD = 'where';
/** The game page's search parameter that shows its build playing in the page's frame. */
export const PLAYING_PARAM = 'play';
/** Where a game plays in its own page: the page's player, playing. */
export const playingPagePath = (gameId: number) => `${gamePagePath(gameId)}&${PLAYING_PARAM}=1#player`;

/** The page a form goes back to (a path of this site, checked with `safeNext`). */
export const BACK_FIELD = 'back';
/** A favourite form's wish: 'true' to add the game, 'false' to take it out. */
export const FAVOURITE_FIELD = 'favourite';
/** A follow form's wish: 'true' to follow, 'false' to stop. */
export const FOLLOW_FIELD = 'follow';

export const gamePagePath = (gameId: number) => `${pathOf('game-detail')}?id=${gameId}`;
export const makerPagePath = (makerId: string) => `${pathOf('profile')}?id=${encodeURIComponent(makerId)}`;

import { gamePagePath, makerPagePath, playingPagePath, type FollowTarget } from '../../../shared/page-forms';
import { pathOf } from '../../../shared/routes';
import { safeNext } from '../../../shared/safe-next';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { listedBuild, type GameUrls } from '../builds';
import { addFavourite, removeFavourite } from '../favourites';
import { followGame, followMaker, unfollowGame, unfollowMaker } from '../follows';
import { playAddressOf, recordPlay } from '../games';

/**
 * Where Play goes: the game's own play address, read from its row, never from the request; for
 * a build hosted here, the page with its player playing, or the build itself for a game that
 * plays in a tab of its own. A member's play is counted (once an hour, as the scripted button's);
 * a visitor plays uncounted, as with the scripted button.
 */
export async function playFromForm(
  db: Db,
  urls: GameUrls,
  actor: Actor | null,
  gameId: number,
  form: { where?: 'page' | 'build' } = {},
): Promise<string> {
  const playUrl = actor ? (await recordPlay(db, actor, gameId)).playUrl : await playAddressOf(db, gameId);
  if (form.where === 'page') return playingPagePath(gameId);
  if (form.where === 'build') return (await listedBuild(db, urls, gameId))?.playUrl ?? playUrl;
  return playUrl;
}

/** The page to go back to: a path of this site, or `fallback` (the game's or the maker's page). */
export function backTo(back: string | undefined, fallback: string): string {
  if (back === undefined) return fallback;
  const checked = safeNext(back);
  // safeNext answers '/' for anything it refuses; '/' itself is a fine page to go back to.
  return checked === '/' && back !== '/' ? fallback : checked;
}

const signInThen = (back: string) => `${pathOf('login')}?next=${encodeURIComponent(back)}`;

/** Sets the heart as asked and answers where to go: back to the page, or to sign-in first and then back. */
export async function favouriteFromForm(
  db: Db,
  actor: Actor | null,
  gameId: number,
  form: { favourite: boolean; back?: string },
): Promise<string> {
  const back = backTo(form.back, gamePagePath(gameId));
  if (!actor) return signInThen(back);
  if (form.favourite) await addFavourite(db, actor, gameId);
  else await removeFavourite(db, actor, gameId);
  return back;
}

/** Follows a game or a maker, or stops, as asked, and answers where to go, as the heart's form does. */
export async function followFromForm(
  db: Db,
  actor: Actor | null,
  target: FollowTarget,
  form: { follow: boolean; back?: string },
): Promise<string> {
  const back = backTo(form.back, target.kind === 'game' ? gamePagePath(target.id) : makerPagePath(target.id));
  if (!actor) return signInThen(back);
  if (target.kind === 'game') await (form.follow ? followGame : unfollowGame)(db, actor, target.id);
  else await (form.follow ? followMaker : unfollowMaker)(db, actor, target.id);
  return back;
}

import type { Game } from '../../../shared/games';
import { AddToListButton } from '../../components/lists/add-to-list-button';
import { FavouriteButton } from '../../components/favourite-button';
import { useFavouriteIds } from '../../lib/favourites';
import { PlayButton } from './play-button';

/** The game page's calls to action: Play, and the favourite heart once it is known. */
export function GameActions({ game }: { game: Game }) {
  const favouriteIds = useFavouriteIds([game.id]);
  return (
    <div className="mt-6 flex flex-wrap items-start gap-3">
      <PlayButton game={game} />
      {favouriteIds && (
        <FavouriteButton gameId={game.id} title={game.title} favourite={favouriteIds.has(game.id)} variant="labelled" />
      )}
      <AddToListButton gameId={game.id} title={game.title} variant="labelled" />
    </div>
  );
}

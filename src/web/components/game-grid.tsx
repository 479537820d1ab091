import type { GameListItem } from '../../shared/games';
import { useFavouriteIds } from '../lib/favourites';
import { GameCard } from './game-card';
import { GameCardSkeleton } from './game-card-skeleton';

const gridStyle = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

interface GameGridProps {
  games: readonly GameListItem[];
  titleAs?: 'h2' | 'h3';
  label: string;
  /** Hearts on the cards for a signed-in user (one request for the whole grid); on unless turned off. */
  favourites?: boolean;
}

export function GameGrid({ games, titleAs, label, favourites = true }: GameGridProps) {
  const favouriteIds = useFavouriteIds(favourites ? games.map((game) => game.id) : []);
  return (
    <ul aria-label={label} className={gridStyle}>
      {games.map((game) => (
        <li key={game.id} className="flex">
          <GameCard game={game} titleAs={titleAs} favourite={favouriteIds?.has(Number(game.id))} />
        </li>
      ))}
    </ul>
  );
}

export function GameGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite" className={gridStyle}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <GameCardSkeleton key={index} />
      ))}
    </div>
  );
}

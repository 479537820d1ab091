import type { GameListItem } from '../../shared/games';
import { useFavouriteIds } from '../lib/favourites';
import { useCategoryName } from '../lib/use-category-name';
import { GameCard } from './game-card';
import { GameCardSkeleton } from './game-card-skeleton';

const gridStyle = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

interface GameGridProps {
  games: readonly GameListItem[];
  titleAs?: 'h2' | 'h3';
  label: string;
  /** Hearts on the cards for a signed-in user (one request for the whole grid); on unless turned off. */
  favourites?: boolean;
  /**
   * How many leading cards are on screen as the page opens (the grid is the page's main
   * content): their covers load at once, first in line, instead of lazily.
   */
  inView?: number;
}

export function GameGrid({ games, titleAs, label, favourites = true, inView = 0 }: GameGridProps) {
  const favouriteIds = useFavouriteIds(favourites ? games.map((game) => game.id) : []);
  const categoryName = useCategoryName();
  return (
    <ul aria-label={label} className={gridStyle}>
      {games.map((game, index) => (
        <li key={game.id} className="flex">
          <GameCard
            game={game}
            categoryName={categoryName(game.category)}
            titleAs={titleAs}
            favourite={favouriteIds?.has(Number(game.id))}
            inView={index < inView}
          />
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

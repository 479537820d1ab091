import type { GameListItem } from '../../shared/games';
import { GameCard } from './game-card';
import { GameCardSkeleton } from './game-card-skeleton';

const gridStyle = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

interface GameGridProps {
  games: readonly GameListItem[];
  titleAs?: 'h2' | 'h3';
  label: string;
}

export function GameGrid({ games, titleAs, label }: GameGridProps) {
  return (
    <ul aria-label={label} className={gridStyle}>
      {games.map((game) => (
        <li key={game.id} className="flex">
          <GameCard game={game} titleAs={titleAs} />
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

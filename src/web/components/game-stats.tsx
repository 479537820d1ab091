import type { Game } from '../../shared/games';
import { formatCompactCount, formatCount, formatPrice, formatRating, NO_RATINGS } from '../lib/format';

export function PriceTag({ game }: { game: Pick<Game, 'price' | 'priceAmount'> }) {
  const free = game.price === 'free';
  return (
    <span
      className={`rounded-md px-2 py-0.5 text-sm font-semibold ${free ? 'bg-raised text-success-ink' : 'bg-accent-soft text-accent-ink'}`}
    >
      {formatPrice(game)}
    </span>
  );
}

export function RatingBadge({ rating, ratingCount }: { rating: number; ratingCount: number }) {
  if (ratingCount === 0) return <span className="text-sm text-muted">{NO_RATINGS}</span>;
  const value = formatRating(rating);
  return (
    <span className="text-sm font-medium text-ink">
      <span aria-hidden="true">★ {value}</span>
      <span className="sr-only">Rated {value} out of 5</span>
    </span>
  );
}

export function PlayCount({ count, compact = true }: { count: number; compact?: boolean }) {
  const shown = compact ? formatCompactCount(count) : formatCount(count);
  return (
    <span className="text-sm text-muted">
      <span aria-hidden="true">{shown} plays</span>
      <span className="sr-only">{formatCount(count)} plays</span>
    </span>
  );
}

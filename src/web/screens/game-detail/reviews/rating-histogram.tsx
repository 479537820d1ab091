import { formatCount, formatRating, NO_RATINGS, pluralise } from '../../../lib/format';

interface RatingHistogramProps {
  /** Ratings with 1, 2, 3, 4 and 5 stars. */
  histogram: readonly number[];
  rating: number;
  ratingCount: number;
}

const percentOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 100));

/** The 1-5 star breakdown: a bar per star value with its count and share, readable without the bars. */
export function RatingHistogram({ histogram, rating, ratingCount }: RatingHistogramProps) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <p className="flex items-baseline gap-2 text-ink" data-testid="rating-summary">
        {ratingCount === 0 ? (
          <span className="text-lg font-semibold">{NO_RATINGS}</span>
        ) : (
          <>
            <span className="text-4xl font-bold">{formatRating(rating)}</span>
            <span className="text-muted">
              out of 5 · <span data-testid="rating-count">{pluralise(ratingCount, 'rating', 'ratings')}</span>
            </span>
          </>
        )}
      </p>
      <ul aria-label="Ratings by stars" className="mt-4 space-y-2">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = histogram[stars - 1] ?? 0;
          const percent = percentOf(count, ratingCount);
          return (
            <li key={stars} className="grid grid-cols-[4.5rem_1fr_6.5rem] items-center gap-3 text-sm">
              <span className="text-ink">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </span>
              <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-raised">
                <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
              </span>
              <span className="text-right tabular-nums text-muted" data-testid={`histogram-${stars}`}>
                {formatCount(count)} <span className="text-xs">({percent}%)</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

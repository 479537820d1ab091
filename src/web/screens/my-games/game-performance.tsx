import { useQuery } from '@tanstack/react-query';
import { formatRating, NO_RATINGS, pluralise } from '../../lib/format';
import { gameStatsQuery } from '../../lib/submissions';
import { GameChecks } from './game-checks';
import { StatsChart } from './stats-chart';

export function GamePerformance({ gameId, title }: { gameId: number; title: string }) {
  const { data, error } = useQuery(gameStatsQuery(gameId));
  if (error) return <p className="text-sm text-muted">Statistics are not available: {error.message}</p>;
  if (!data) return <p className="text-sm text-muted">Loading statistics…</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink">
        {data.ratingCount === 0 ? (
          <span className="text-muted">{NO_RATINGS}</span>
        ) : (
          <>
            <span aria-hidden="true" className="text-accent-ink">
              ★{' '}
            </span>
            <span className="font-semibold">{formatRating(data.rating)}</span>
            <span className="sr-only"> out of 5</span>
            <span className="text-muted"> from {pluralise(data.ratingCount, 'rating', 'ratings')}</span>
          </>
        )}
        <span className="text-muted">
          {' '}
          · {pluralise(data.reviewCount, 'review', 'reviews')}
          {data.featured && ' · Featured'}
          {!data.listed && ' · Not listed (unpublished)'}
        </span>
      </p>
      <StatsChart stats={data} title={`${title}, last 30 days`} />
      {data.listed && <GameChecks gameId={gameId} title={title} />}
    </div>
  );
}

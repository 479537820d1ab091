import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewOrder } from '../../../../shared/reviews';
import { CodeButton } from '../../../components/code-button';
import { SuspendedNotice } from '../../../components/reports/suspension-notice';
import { buttonStyles } from '../../../components/styles';
import { reviewsQuery } from '../../../lib/reviews';
import { useHydrated } from '../../../lib/use-hydrated';
import { ReviewItem } from './review-item';
import type { GameMaker } from './review-reply';

const orderLabels: Record<ReviewOrder, string> = { newest: 'Newest', 'most-helpful': 'Most helpful' };

export function ReviewList({ gameId, canVote, maker }: { gameId: number; canVote: boolean; maker: GameMaker }) {
  const [order, setOrder] = useState<ReviewOrder>('newest');
  const hydrated = useHydrated();
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = useInfiniteQuery(reviewsQuery(gameId, order));
  const reviews = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-ink">{isPending ? 'Reviews' : `${total} ${total === 1 ? 'review' : 'reviews'}`}</h3>
        <fieldset
          disabled={!hydrated}
          className="flex rounded-lg border border-line p-0.5 text-sm disabled:cursor-progress disabled:opacity-60"
        >
          <legend className="sr-only">Order reviews by</legend>
          {(Object.keys(orderLabels) as ReviewOrder[]).map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md px-3 py-1.5 font-medium text-muted has-[:checked]:bg-accent has-[:checked]:text-on-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="review-order"
                value={value}
                checked={order === value}
                onChange={() => setOrder(value)}
                className="sr-only"
              />
              {orderLabels[value]}
            </label>
          ))}
        </fieldset>
      </div>
      {error && (
        <p role="alert" className="mt-4 text-danger-ink">
          Reviews could not be loaded. {error.message}{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      )}
      {!isPending && !error && reviews.length === 0 && (
        <p className="mt-4 text-muted">No reviews yet. Be the first to say what you think.</p>
      )}
      {maker.isViewer && (
        <div className="mt-4">
          <SuspendedNotice doing="reply to reviews" />
        </div>
      )}
      <div className="mt-2">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} canVote={canVote} maker={maker} />
        ))}
      </div>
      {hasNextPage && (
        <CodeButton
          keptTap="more-reviews"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          className={`${buttonStyles.secondary} mt-2 w-full sm:w-auto`}
        >
          {isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
        </CodeButton>
      )}
    </div>
  );
}

import type { GameDetail } from '../../../../shared/games';
import { useAuth } from '../../../lib/session';
import { MyReview } from './my-review';
import { RatingHistogram } from './rating-histogram';
import { ReviewList } from './review-list';

/** Ratings and reviews: the histogram, the viewer's own review, and everyone's, newest or most helpful first. */
export function ReviewsSection({ game }: { game: GameDetail }) {
  const { status } = useAuth();
  return (
    <section aria-labelledby="reviews-title" className="lg:col-span-2">
      <h2 id="reviews-title" className="text-2xl font-semibold tracking-tight text-ink">
        Ratings and reviews
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <RatingHistogram histogram={game.ratingHistogram} rating={game.rating} ratingCount={game.ratingCount} />
          <MyReview gameId={game.id} />
        </div>
        <ReviewList gameId={game.id} canVote={status === 'signed-in'} />
      </div>
    </section>
  );
}

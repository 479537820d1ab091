import { useQuery } from '@tanstack/react-query';
import type { GameDetail } from '../../../../shared/games';
import { useSuspension } from '../../../components/reports/suspension-notice';
import { useAuthStatus } from '../../../lib/auth-status';
import { myReviewQuery } from '../../../lib/reviews';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash';
import { MyReview } from './my-review';
import { RatingHistogram } from './rating-histogram';
import { ReviewList } from './review-list';

/** Ratings and reviews: the histogram, the viewer's own review, and everyone's, newest or most helpful first. */
export function ReviewsSection({ game }: { game: GameDetail }) {
  const status = useAuthStatus();
  const signedIn = status === 'signed-in';
  // Makers do not vote on reviews of their own games; the answer is shared with MyReview.
  const { data: mine } = useQuery({ ...myReviewQuery(game.id), enabled: signedIn });
  const suspended = useSuspension() !== null;
  const maker = { name: game.developer, isViewer: signedIn && mine?.yourGame === true, suspended };
  useScrollToHash();
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-20 lg:col-span-2">
      <h2 id="reviews-title" className="text-2xl font-semibold tracking-tight text-ink">
        Ratings and reviews
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <RatingHistogram histogram={game.ratingHistogram} rating={game.rating} ratingCount={game.ratingCount} />
          <MyReview gameId={game.id} />
        </div>
        <ReviewList gameId={game.id} canVote={signedIn && mine?.yourGame === false} maker={maker} />
      </div>
    </section>
  );
}

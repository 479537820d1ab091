import type { Review } from '../../../../shared/reviews';
import { CodeButton } from '../../../components/code-button';
import { ReportButton } from '../../../components/reports/report-button';
import { buttonStyles } from '../../../components/styles';
import { pluralise } from '../../../lib/format';
import { useHelpfulVote } from '../../../lib/reviews';
import { ReviewDate } from './review-date';
import { ReviewReply, type GameMaker } from './review-reply';

export function Stars({ stars }: { stars: number }) {
  return (
    <span className="text-accent-ink" aria-label={`${stars} out of 5 stars`} role="img">
      {'★'.repeat(stars)}
      <span className="text-muted/50">{'☆'.repeat(5 - stars)}</span>
    </span>
  );
}

interface ReviewItemProps {
  review: Review;
  /** False when signed out: the Helpful button then says how many found it helpful, and nothing more. */
  canVote: boolean;
  maker: GameMaker;
}

export function ReviewItem({ review, canVote, maker }: ReviewItemProps) {
  return (
    <article aria-label={`Review by ${review.authorName}`} className="border-t border-line py-5">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars stars={review.stars} />
        <span className="font-semibold text-ink">{review.authorName}</span>
        {review.mine && <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink">You</span>}
        <span className="text-sm text-muted">
          <ReviewDate at={review.createdAt} />
          {review.edited && <span> · edited</span>}
        </span>
      </header>
      {review.body && <p className="mt-2 whitespace-pre-line break-words text-ink/90">{review.body}</p>}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <HelpfulButton review={review} canVote={canVote && !review.mine} />
        {!review.mine && <ReportButton kind="review" targetId={String(review.id)} name={`the review by ${review.authorName}`} />}
      </div>
      <ReviewReply review={review} maker={maker} />
    </article>
  );
}

function HelpfulButton({ review, canVote }: { review: Review; canVote: boolean }) {
  const vote = useHelpfulVote(review.gameId);
  const count = pluralise(review.helpfulCount, 'person found', 'people found');
  if (!canVote) {
    return review.helpfulCount > 0 ? <p className="text-sm text-muted">{count} this helpful</p> : null;
  }
  return (
    <div className="flex items-center gap-3 text-sm">
      <CodeButton
        keptTap={`helpful:${review.id}`}
        aria-pressed={review.votedHelpful}
        disabled={vote.isPending}
        onClick={() => vote.mutate({ reviewId: review.id, helpful: !review.votedHelpful })}
        className={`${review.votedHelpful ? buttonStyles.primary : buttonStyles.secondary} px-3 py-1.5`}
      >
        <ThumbIcon /> Helpful
      </CodeButton>
      <span className="text-muted">{review.helpfulCount > 0 ? `${count} this helpful` : ''}</span>
      {vote.error && (
        <span role="alert" className="text-danger-ink">
          {vote.error.message}
        </span>
      )}
    </div>
  );
}

function ThumbIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M2 9h3v9H2zM7 18h7.6a2 2 0 0 0 2-1.6l1.2-6A2 2 0 0 0 15.8 8H12V4.5A2.5 2.5 0 0 0 9.5 2L7 8.5z" />
    </svg>
  );
}

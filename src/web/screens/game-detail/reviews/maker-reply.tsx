import type { ReactNode, Ref } from 'react';
import type { Reply, Review } from '../../../../shared/reviews';
import { ReportButton } from '../../../components/reports/report-button';
import { ReviewDate } from './review-date';

interface MakerReplyProps {
  review: Review & { reply: Reply };
  /** The game's developer as its page names it. */
  makerName: string;
  /** The viewer is the maker: their own reply is not theirs to report. */
  yours: boolean;
  /** Takes focus once the reply is saved. */
  headingRef?: Ref<HTMLParagraphElement>;
  /** The maker's Edit and Delete. */
  children?: ReactNode;
}

/** The maker's reply under a review: plain text, as reviews are, marked as the maker's. */
export function MakerReply({ review, makerName, yours, headingRef, children }: MakerReplyProps) {
  const { reply } = review;
  return (
    <article aria-label="Reply from the maker" className="mt-3 rounded-xl border-l-4 border-accent bg-raised/60 px-4 py-3 sm:ml-6">
      <div className="flex flex-wrap items-center justify-between gap-x-3">
        <p
          ref={headingRef}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="font-semibold text-ink">{makerName}</span>
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink">Maker</span>
          <span className="text-muted">
            replied <ReviewDate at={reply.createdAt} />
            {reply.edited && <span> · edited</span>}
          </span>
        </p>
        {!yours && (
          // ml-auto: on a narrow screen Report wraps under the name and stays at the right.
          <div className="-mr-2 ml-auto">
            <ReportButton kind="reply" targetId={String(reply.id)} name={`the maker’s reply to the review by ${review.authorName}`} />
          </div>
        )}
      </div>
      <p className="mt-1.5 whitespace-pre-line break-words text-ink/90">{reply.body}</p>
      {children}
    </article>
  );
}

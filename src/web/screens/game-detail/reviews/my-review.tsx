import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Review } from '../../../../shared/reviews';
import { pathOf } from '../../../../shared/routes';
import { CodeButton } from '../../../components/code-button';
import { FormStatus } from '../../../components/forms/form-messages';
import { SuspendedNotice, useSuspension } from '../../../components/reports/suspension-notice';
import { buttonStyles, textLinkStyle } from '../../../components/styles';
import { deleteThen } from '../../../lib/after-deletion';
import { useAuthStatus } from '../../../lib/auth-status';
import { myReviewQuery, useDeleteReview } from '../../../lib/reviews';
import { ReviewForm } from './review-form';
import { Stars } from './review-item';

/** The viewer's part: sign in, write a review, or see, edit and delete their own. */
export function MyReview({ gameId }: { gameId: number }) {
  const status = useAuthStatus();
  if (status === 'loading') return null;
  if (status === 'signed-out') return <SignInToReview />;
  return <SignedInReview gameId={gameId} />;
}

function SignInToReview() {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return (
    <p className="text-muted">
      <Link to={`${pathOf('login')}?next=${encodeURIComponent(next)}`} className={textLinkStyle}>
        Sign in to write a review
      </Link>
    </p>
  );
}

function SignedInReview({ gameId }: { gameId: number }) {
  const { data, isPending, error } = useQuery(myReviewQuery(gameId));
  const [editing, setEditingNow] = useState(false);
  const [notice, setNotice] = useState('');
  const [headingRef, focusHeadingAfterRender] = useFocusAfterChange();
  const suspended = useSuspension() !== null;
  if (isPending) return null;
  if (error) return <p className="text-danger-ink">Your review could not be loaded. {error.message}</p>;
  const { review, yourGame } = data;
  if (yourGame && !review) return <MakersDoNotReview />;
  // The form or buttons just used go away: focus goes to the heading, the notice is read.
  const setEditing = (value: boolean) => {
    setEditingNow(value);
    focusHeadingAfterRender();
  };
  const done = (message: string) => () => {
    setEditing(false);
    setNotice(message);
  };
  return (
    <div>
      <h3 ref={headingRef} tabIndex={-1} className="mb-3 text-lg font-semibold text-ink">
        {review ? 'Your review' : 'Write a review'}
      </h3>
      <FormStatus>{notice}</FormStatus>
      {suspended && !review ? (
        <SuspendedNotice doing="write reviews" />
      ) : (!review || editing) && !suspended ? (
        <div className="mt-3">
          <ReviewForm
            key={review?.id ?? 'new'}
            gameId={gameId}
            review={review ?? undefined}
            onDone={done(review ? 'Your changes are saved.' : 'Thanks! Your review is posted.')}
            onCancel={review ? () => setEditing(false) : undefined}
          />
        </div>
      ) : (
        // A maker's review of their own game (from before the rule) can only be deleted.
        review && (
          <>
            <SuspendedNotice doing="edit your review" />
            <OwnReview
              review={review}
              onEdit={yourGame || suspended ? undefined : () => setEditing(true)}
              onDeleted={done('Your review is deleted.')}
            />
          </>
        )
      )}
    </div>
  );
}

/** A heading that takes focus once the next render is on screen. */
function useFocusAfterChange() {
  const ref = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (pending > 0) ref.current?.focus();
  }, [pending]);
  return [ref, () => setPending((count) => count + 1)] as const;
}

/** The community guidelines: the game's maker gets no review form. */
function MakersDoNotReview() {
  return (
    <div>
      <h3 className="mb-2 text-lg font-semibold text-ink">Your game</h3>
      <p className="text-muted">
        Makers don’t review their own games or vote on their reviews, so the reviews here are players’ own. See the{' '}
        <Link to={pathOf('community')} className={textLinkStyle}>
          community guidelines
        </Link>
        .
      </p>
    </div>
  );
}

function OwnReview({ review, onEdit, onDeleted }: { review: Review; onEdit?: () => void; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReview(review.gameId);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => deleteButton.current?.focus());
  };
  return (
    <div className="mt-3 rounded-xl border border-line bg-raised/50 p-4">
      <Stars stars={review.stars} />
      {review.body && <p className="mt-2 whitespace-pre-line break-words text-ink/90">{review.body}</p>}
      {confirming ? (
        <div role="alertdialog" aria-labelledby="delete-review-question" className="mt-4 space-y-3">
          <p id="delete-review-question" className="font-medium text-ink">
            Delete your review? This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              autoFocus
              disabled={remove.isPending}
              onClick={() => deleteThen(remove, review.id, onDeleted)}
              className={buttonStyles.danger}
            >
              Yes, delete it
            </button>
            <button type="button" onClick={keep} className={buttonStyles.secondary}>
              Keep it
            </button>
          </div>
          {remove.error && (
            <p role="alert" className="text-danger-ink">
              {remove.error.message}
            </p>
          )}
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {onEdit && (
            <CodeButton keptTap="edit-review" onClick={onEdit} className={buttonStyles.secondary}>
              Edit review
            </CodeButton>
          )}
          <CodeButton ref={deleteButton} keptTap="delete-review" onClick={() => setConfirming(true)} className={buttonStyles.secondary}>
            Delete review
          </CodeButton>
        </div>
      )}
    </div>
  );
}

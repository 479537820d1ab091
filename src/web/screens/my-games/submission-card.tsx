import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  canTransition,
  editableStatuses,
  submissionStatusLabels,
  type SubmissionStatus,
  type SubmissionView,
} from '../../../shared/submissions';
import { FormAlert } from '../../components/forms/form-messages';
import { buttonStyles, cardStyle } from '../../components/styles';
import { memberRoot } from '../../lib/query-roots';
import { editPublishedGame, withdrawSubmission } from '../../lib/submissions';
import { GamePerformance } from './game-performance';

const statusTone: Record<SubmissionStatus, string> = {
  draft: 'bg-raised text-ink',
  pending: 'bg-accent-soft text-accent-ink',
  'changes-requested': 'bg-danger-soft text-danger-ink',
  published: 'bg-raised text-success-ink',
  rejected: 'bg-danger-soft text-danger-ink',
  withdrawn: 'bg-raised text-muted',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

export function SubmissionCard({ submission, showStats }: { submission: SubmissionView; showStats: boolean }) {
  const { id, status, payload, gameId, moderatorNote } = submission;
  const title = payload.title ?? 'Untitled draft';
  const client = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => client.invalidateQueries({ queryKey: memberRoot });
  const withdraw = useMutation({ mutationFn: () => withdrawSubmission(id), onSuccess: refresh });
  const [confirmingWithdraw, setConfirmingWithdraw] = useState(false);
  // A rejected game is already out of review and off the catalogue: nothing to withdraw.
  const offerWithdraw = canTransition(status, 'withdraw') && status !== 'rejected';
  const edit = useMutation({
    mutationFn: () => editPublishedGame(gameId!),
    onSuccess: (draft) => navigate(`/submit-game?draft=${draft.id}`),
  });

  return (
    <article aria-labelledby={`submission-${id}-title`} className={`${cardStyle} space-y-4 p-5`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`submission-${id}-title`} className="text-lg font-semibold text-ink">
            {title}
          </h3>
          <p className="text-sm text-muted">
            {gameId !== null && status !== 'published' ? 'An edit of your listed game · ' : ''}
            updated {when.format(new Date(submission.updatedAt))}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusTone[status]}`}>{submissionStatusLabels[status]}</span>
      </header>
      {moderatorNote && (status === 'rejected' || status === 'changes-requested') && (
        <p className="rounded-lg border border-line bg-page px-3 py-2 text-sm text-ink">
          <span className="font-semibold">{status === 'rejected' ? 'Reason: ' : 'Moderator’s note: '}</span>
          {moderatorNote}
        </p>
      )}
      {status === 'published' && showStats && gameId !== null && <GamePerformance gameId={gameId} title={title} />}
      <div className="flex flex-wrap gap-3">
        {editableStatuses.includes(status) && (
          <Link to={`/submit-game?draft=${id}`} className={buttonStyles.secondary}>
            {status === 'draft' ? 'Continue editing' : 'Edit and resubmit'}
          </Link>
        )}
        {status === 'published' && gameId !== null && showStats && (
          <>
            <Link to={`/game-detail?id=${gameId}`} className={buttonStyles.secondary}>
              View page
            </Link>
            <button type="button" className={buttonStyles.secondary} disabled={edit.isPending} onClick={() => edit.mutate()}>
              Edit listing
            </button>
          </>
        )}
        {offerWithdraw && !confirmingWithdraw && (
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirmingWithdraw(true)}>
            Withdraw
          </button>
        )}
      </div>
      {offerWithdraw && confirmingWithdraw && (
        <div role="alertdialog" aria-labelledby={`withdraw-${id}-question`} className="space-y-3">
          <p id={`withdraw-${id}-question`} className="font-medium text-ink">
            Withdraw “{title}”? It will not be reviewed or listed.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" autoFocus disabled={withdraw.isPending} onClick={() => withdraw.mutate()} className={buttonStyles.danger}>
              Yes, withdraw it
            </button>
            <button type="button" onClick={() => setConfirmingWithdraw(false)} className={buttonStyles.secondary}>
              Keep it
            </button>
          </div>
        </div>
      )}
      <FormAlert>{withdraw.error?.message ?? edit.error?.message}</FormAlert>
    </article>
  );
}

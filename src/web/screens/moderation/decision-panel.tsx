import { useState } from 'react';
import { moderationNoteSchema, type SubmissionView } from '../../../shared/submissions';
import { FormAlert } from '../../components/forms/form-messages';
import { FieldError } from '../../components/forms/text-field';
import { buttonStyles, inputStyle, labelStyle } from '../../components/styles';
import { useAuth } from '../../lib/session';
import { useModerationMutations, type ModerationDecision } from '../../lib/submissions';

const successText: Record<ModerationDecision, string> = {
  approve: 'Approved: the game is listed.',
  reject: 'Rejected: the maker has been told why.',
  'request-changes': 'Sent back: the maker has your note.',
};

/** Approve, reject with a reason, or ask for changes with a note; never on one's own submission. */
export function DecisionPanel({ submission, onDecided }: { submission: SubmissionView; onDecided: (message: string) => void }) {
  const { user } = useAuth();
  if (user !== null && user.id === submission.submitter.id) return <OwnSubmission />;
  return <Decision submission={submission} onDecided={onDecided} />;
}

/** The server refuses it too (permission-denied); the buttons are not offered. */
function OwnSubmission() {
  return (
    <section aria-labelledby="decision-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="decision-title" className="text-lg font-semibold text-ink">
        Your decision
      </h2>
      <p className="mt-2 text-muted">You can’t decide on your own game: another moderator will.</p>
    </section>
  );
}

function Decision({ submission, onDecided }: { submission: SubmissionView; onDecided: (message: string) => void }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const { decide } = useModerationMutations();

  const run = (decision: ModerationDecision) => {
    if (decision !== 'approve') {
      const checked = moderationNoteSchema.safeParse({ note });
      if (!checked.success) {
        setNoteError(checked.error.issues[0]?.message);
        document.getElementById('moderation-note')?.focus();
        return;
      }
    }
    setNoteError(undefined);
    // The panel goes away once the queue refreshes; the promise still tells the screen.
    decide
      .mutateAsync({ id: submission.id, decision, note })
      .then(() => onDecided(successText[decision]))
      .catch(() => undefined);
  };

  return (
    <section aria-labelledby="decision-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="decision-title" className="text-lg font-semibold text-ink">
        Your decision
      </h2>
      <div className="mt-3 space-y-1.5">
        <label htmlFor="moderation-note" className={labelStyle}>
          Note for the maker (required to reject or ask for changes)
        </label>
        <textarea
          id="moderation-note"
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'moderation-note-error' : undefined}
          className={inputStyle}
        />
        {noteError && <FieldError id="moderation-note-error">{noteError}</FieldError>}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonStyles.primary} disabled={decide.isPending} onClick={() => run('approve')}>
          Approve
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={decide.isPending} onClick={() => run('request-changes')}>
          Ask for changes
        </button>
        <button type="button" className={buttonStyles.danger} disabled={decide.isPending} onClick={() => run('reject')}>
          Reject
        </button>
      </div>
      <div className="mt-3">
        <FormAlert>{decide.error?.message}</FormAlert>
      </div>
    </section>
  );
}

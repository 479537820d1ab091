import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REPORT_NOTE_MAX, reasonsFor, reportReasonLabels, type ReportKind, type ReportReason } from '../../../shared/reports';
import { formatCount } from '../../lib/format';
import { useFileReport } from '../../lib/reports';
import { FormAlert } from '../forms/form-messages';
import { FieldError } from '../forms/text-field';
import { buttonStyles, inputStyle, labelStyle } from '../styles';
import { SuspendedNotice, useSuspension } from './suspension-notice';

export interface ReportTarget {
  kind: ReportKind;
  targetId: string;
  /** What is reported, as the form's heading names it ("the review by Ada"). */
  name: string;
}

interface ReportFormProps {
  target: ReportTarget;
  /** Cancel, or close once sent; the dialog closes, the page goes back. */
  onDone: () => void;
  doneLabel: string;
}

/** The reasons (the AI ones only for a game), an optional note, and what the server said. */
export function ReportForm({ target, onDone, doneLabel }: ReportFormProps) {
  const file = useFileReport();
  const suspension = useSuspension();
  if (file.isSuccess) return <ReportArrived onDone={onDone} doneLabel={doneLabel} />;
  if (suspension) {
    return (
      <div className="space-y-4">
        <SuspendedNotice doing="report" />
        <button type="button" onClick={onDone} className={buttonStyles.secondary}>
          {doneLabel}
        </button>
      </div>
    );
  }
  return <ReportFields target={target} onCancel={onDone} file={file} />;
}

function ReportFields({ target, onCancel, file }: { target: ReportTarget; onCancel: () => void; file: ReturnType<typeof useFileReport> }) {
  const [reason, setReason] = useState<ReportReason>();
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const id = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonError('Choose a reason');
      firstReason.current?.focus();
      return;
    }
    setReasonError(undefined);
    file.mutate({ kind: target.kind, targetId: target.targetId, reason, note: note.trim() });
  };
  return (
    <form noValidate onSubmit={send} className="space-y-5">
      <fieldset aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
        <legend className={labelStyle}>Why are you reporting {target.name}?</legend>
        <div className="mt-2 grid gap-1">
          {reasonsFor(target.kind).map((option, index) => (
            <label key={option} className="flex min-h-10 items-center gap-3 rounded-lg px-2 text-sm text-ink hover:bg-raised">
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={`${id}-reason`}
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                aria-invalid={reasonError ? true : undefined}
                className="size-4 accent-accent"
              />
              {reportReasonLabels[option]}
            </label>
          ))}
        </div>
        {reasonError && <FieldError id={`${id}-reason-error`}>{reasonError}</FieldError>}
      </fieldset>
      <NoteField id={`${id}-note`} note={note} onChange={setNote} />
      <FormAlert>{file.error?.message}</FormAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
          Cancel
        </button>
        <button type="submit" disabled={file.isPending} className={buttonStyles.primary}>
          {file.isPending ? 'Sending…' : 'Send report'}
        </button>
      </div>
    </form>
  );
}

function NoteField({ id, note, onChange }: { id: string; note: string; onChange: (note: string) => void }) {
  const left = REPORT_NOTE_MAX - note.length;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelStyle}>
        Anything the moderators should know? (optional)
      </label>
      <textarea
        id={id}
        rows={4}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-count`}
        className={inputStyle}
      />
      <p id={`${id}-count`} className={`text-right text-xs ${left < 50 ? 'text-danger-ink' : 'text-muted'}`}>
        {formatCount(note.length)} of {formatCount(REPORT_NOTE_MAX)} characters
      </p>
    </div>
  );
}

function ReportArrived({ onDone, doneLabel }: { onDone: () => void; doneLabel: string }) {
  const heading = useRef<HTMLParagraphElement>(null);
  // The form that had focus is gone: focus goes to the confirmation, which is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4">
      <div role="status">
        <p ref={heading} tabIndex={-1} className="font-semibold text-ink focus:outline-none">
          Thank you: your report has arrived.
        </p>
        <p className="mt-1 text-sm text-muted">
          A moderator will look at it. You will hear the outcome on the bell; who decided is not shown.
        </p>
      </div>
      <div className="flex justify-end">
        <button type="button" onClick={onDone} className={buttonStyles.primary}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}

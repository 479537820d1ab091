import { useId, useRef, useState, type FormEvent } from 'react';
import { actionsFor, reportActionLabels, suspensionDays, type ReportAction, type ReportGroup } from '../../../shared/reports';
import { FormAlert } from '../../components/forms/form-messages';
import { FieldError } from '../../components/forms/text-field';
import { buttonStyles, inputStyle, labelStyle } from '../../components/styles';
import { useDecideReports } from '../../lib/reports';
import { removeLabels } from './report-texts';

type Days = (typeof suspensionDays)[number];

const doneText: Record<ReportAction, string> = {
  dismiss: 'dismissed: the reporters hear that it breaks no guideline.',
  remove: 'removed: the author has your reason.',
  unlist: 'unlisted: the maker has your reason.',
  warn: 'the author is warned, with your reason.',
  suspend: 'the author is suspended and has your reason.',
  ban: 'the author is banned and has your reason.',
};

const labelOf = (group: ReportGroup, action: ReportAction) =>
  action === 'remove' || action === 'unlist' ? removeLabels[group.kind] : reportActionLabels[action];

/** One decision for every open report about the item, with the reason its author will read. */
export function ReportDecisionForm({ group, onDecided }: { group: ReportGroup; onDecided: (message: string) => void }) {
  if (!group.mayDecide) {
    return <p className="rounded-xl border border-line bg-raised px-4 py-3 text-sm text-ink">{group.whyNot}</p>;
  }
  return <DecisionFields group={group} onDecided={onDecided} />;
}

function DecisionFields({ group, onDecided }: { group: ReportGroup; onDecided: (message: string) => void }) {
  const id = useId();
  const [action, setAction] = useState<ReportAction>();
  const [days, setDays] = useState<Days>(1);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ action?: string; reason?: string }>({});
  const firstAction = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const decide = useDecideReports();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      action: action ? undefined : 'Choose what to do',
      reason: reason.trim() ? undefined : 'Write the reason the author will be shown',
    };
    setErrors(found);
    if (found.action) return firstAction.current?.focus();
    if (found.reason || !action) return reasonField.current?.focus();
    const input = { action, reason: reason.trim(), ...(action === 'suspend' ? { days } : {}) };
    decide
      .mutateAsync({ kind: group.kind, targetId: group.targetId, input })
      .then(() => onDecided(`${group.whenReported.title || 'The item'}: ${doneText[action]}`))
      .catch(() => undefined);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <fieldset aria-describedby={errors.action ? `${id}-action-error` : undefined}>
        <legend className={labelStyle}>What to do</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {actionsFor(group.kind).map((option, index) => (
            <label key={option} className="flex min-h-10 items-center gap-3 rounded-lg px-2 text-sm text-ink hover:bg-raised">
              <input
                ref={index === 0 ? firstAction : undefined}
                type="radio"
                name={`${id}-action`}
                value={option}
                checked={action === option}
                onChange={() => setAction(option)}
                className="size-4 accent-accent"
              />
              {labelOf(group, option)}
            </label>
          ))}
        </div>
        {errors.action && <FieldError id={`${id}-action-error`}>{errors.action}</FieldError>}
      </fieldset>
      {action === 'suspend' && (
        <fieldset>
          <legend className={labelStyle}>For how long</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {suspensionDays.map((option) => (
              <label key={option} className="inline-flex min-h-10 items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name={`${id}-days`}
                  checked={days === option}
                  onChange={() => setDays(option)}
                  className="size-4 accent-accent"
                />
                {option === 1 ? '1 day' : `${option} days`}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-reason`} className={labelStyle}>
          {action === 'dismiss'
            ? 'Reason (kept in the audit log; a dismissal is not sent to the author)'
            : 'Reason (the author is shown it)'}
        </label>
        <textarea
          ref={reasonField}
          id={`${id}-reason`}
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          className={inputStyle}
        />
        {errors.reason && <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError>}
      </div>
      <FormAlert>{decide.error?.message}</FormAlert>
      <button
        type="submit"
        disabled={decide.isPending}
        className={action === 'ban' || action === 'suspend' ? buttonStyles.danger : buttonStyles.primary}
      >
        {decide.isPending
          ? 'Deciding…'
          : action
            ? `${labelOf(group, action)}${action === 'suspend' ? ` for ${days === 1 ? '1 day' : `${days} days`}` : ''}`
            : 'Decide'}
      </button>
    </form>
  );
}

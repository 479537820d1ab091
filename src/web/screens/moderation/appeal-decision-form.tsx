import { useId, useRef, useState, type FormEvent } from 'react';
import type { AppealOutcome, AppealQueueItem } from '../../../shared/appeals';
import { FormAlert } from '../../components/forms/form-messages';
import { FieldError } from '../../components/forms/text-field';
import { buttonStyles, inputStyle, labelStyle } from '../../components/styles';
import { useDecideAppeal } from '../../lib/appeals';
import { overturnWords } from './appeal-texts';

const submitLabels: Record<AppealOutcome, string> = { uphold: 'Uphold the decision', overturn: 'Overturn the decision' };

/** The second moderator's final word on an appeal, with the reason its author will read. */
export function AppealDecisionForm({ appeal, onDecided }: { appeal: AppealQueueItem; onDecided: (message: string) => void }) {
  const id = useId();
  const [outcome, setOutcome] = useState<AppealOutcome>();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; reason?: string }>({});
  const firstOutcome = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const decide = useDecideAppeal();
  const who = appeal.appellant?.name ?? 'a former member';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      outcome: outcome ? undefined : 'Choose uphold or overturn',
      reason: reason.trim() ? undefined : 'Write the reason the author will be shown',
    };
    setErrors(found);
    if (found.outcome) return firstOutcome.current?.focus();
    if (found.reason || !outcome) return reasonField.current?.focus();
    decide
      .mutateAsync({ appealId: appeal.id, input: { outcome, reason: reason.trim() } })
      .then(() =>
        onDecided(
          outcome === 'uphold'
            ? `Appeal by ${who} upheld: the decision stands, and the author has your reason.`
            : `Appeal by ${who} overturned: ${overturnWords(appeal.decision)}, and the author has your reason.`,
        ),
      )
      .catch(() => undefined);
  };

  const options: { value: AppealOutcome; label: string }[] = [
    { value: 'uphold', label: 'Uphold: the decision stands' },
    { value: 'overturn', label: `Overturn: ${overturnWords(appeal.decision)}` },
  ];
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <fieldset aria-describedby={errors.outcome ? `${id}-outcome-error` : undefined}>
        <legend className={labelStyle}>Your decision (final: there is no second appeal)</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {options.map((option, index) => (
            <label key={option.value} className="flex min-h-10 items-center gap-3 rounded-lg px-2 text-sm text-ink hover:bg-raised">
              <input
                ref={index === 0 ? firstOutcome : undefined}
                type="radio"
                name={`${id}-outcome`}
                value={option.value}
                checked={outcome === option.value}
                onChange={() => setOutcome(option.value)}
                className="size-4 shrink-0 accent-accent"
              />
              {option.label}
            </label>
          ))}
        </div>
        {errors.outcome && <FieldError id={`${id}-outcome-error`}>{errors.outcome}</FieldError>}
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-reason`} className={labelStyle}>
          Reason (the author is shown it)
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
      <button type="submit" disabled={decide.isPending} className={buttonStyles.primary}>
        {decide.isPending ? 'Deciding…' : outcome ? submitLabels[outcome] : 'Decide the appeal'}
      </button>
    </form>
  );
}

import type { PasswordScore } from '../../../shared/password-policy';
import type { PasswordFeedback } from '../../lib/use-password-check';
import { TextField, type TextFieldProps } from './text-field';

const strengthNames: Record<PasswordScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};

function barColour(score: PasswordScore): string {
  if (score >= 3) return 'bg-success-ink';
  if (score === 2) return 'bg-amber-500';
  return 'bg-danger-ink';
}

interface NewPasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete' | 'describedBy' | 'hint'> {
  feedback: PasswordFeedback & { loading: boolean };
}

/** A new password, with a live strength meter and the policy's problems while typing. */
export function NewPasswordField({ feedback, value, id, ...field }: NewPasswordFieldProps) {
  const typed = value.length > 0;
  const strengthId = `${id}-strength`;
  const problemsId = `${id}-problems`;
  return (
    <TextField
      {...field}
      id={id}
      value={value}
      type="password"
      autoComplete="new-password"
      hint="At least 10 characters. A few unrelated words make a strong one."
      describedBy={`${strengthId} ${problemsId}`}
    >
      <StrengthMeter id={strengthId} feedback={feedback} typed={typed} />
      <ul id={problemsId} className="space-y-0.5 text-sm text-danger-ink">
        {typed && feedback.problems.map((problem) => <li key={problem}>{problem}</li>)}
      </ul>
    </TextField>
  );
}

function StrengthMeter({ id, feedback, typed }: { id: string; feedback: NewPasswordFieldProps['feedback']; typed: boolean }) {
  const shown = typed && feedback.estimated;
  const filled = shown ? feedback.score + 1 : 0;
  return (
    <div className="space-y-1">
      <div aria-hidden="true" className="grid grid-cols-5 gap-1">
        {Array.from({ length: 5 }, (_, index) => (
          <span key={index} className={`h-1.5 rounded-full ${index < filled ? barColour(feedback.score) : 'bg-raised'}`} />
        ))}
      </div>
      <p id={id} aria-live="polite" className="text-sm text-muted">
        {shown && `Strength: ${strengthNames[feedback.score]}`}
        {typed && feedback.loading && 'Checking strength…'}
      </p>
    </div>
  );
}

import { useAuth } from '../../lib/session';
import { buttonStyles, cardStyle } from '../styles';
import { type RunOptions, type Step, useStepRunner } from './run-steps';
import { SignInPrompt } from './sign-in-prompt';
import { StepResults, summaryOf } from './step-results';

interface StepRunnerPanelProps {
  title: string;
  steps: readonly Step[];
  runLabel: string;
  options?: RunOptions;
}

/** A Run button, the steps with their outcomes and times, and a one-line summary. */
export function StepRunnerPanel({ title, steps, runLabel, options }: StepRunnerPanelProps) {
  const { status, user } = useAuth();
  const { results, running, finished, run } = useStepRunner(steps, options);
  const signedOut = status === 'signed-out';
  const everyStepNeedsAccount = steps.every((step) => step.needsAccount);
  return (
    <section aria-labelledby="steps-title" className={`${cardStyle} mb-10 space-y-5 p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="steps-title" className="text-xl font-semibold text-ink">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => void run(user?.id ?? null)}
          disabled={running || status === 'loading' || (signedOut && everyStepNeedsAccount)}
          className={buttonStyles.primary}
        >
          {running ? 'Running…' : runLabel}
        </button>
      </div>
      {signedOut && (
        <SignInPrompt>
          {everyStepNeedsAccount
            ? 'This test writes to your own diagnostics space, so it needs an account. Sign in to run it.'
            : 'Some checks work in your own space and need an account; sign in to run them all.'}
        </SignInPrompt>
      )}
      <StepResults results={results} label={title} />
      <p role="status" className="font-medium text-ink">
        {finished ? summaryOf(results) : ''}
      </p>
    </section>
  );
}

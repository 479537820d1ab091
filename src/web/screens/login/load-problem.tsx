import { Spinner } from '../../components/forms/submit-button';
import { buttonStyles } from '../../components/styles';

interface LoadProblemProps {
  /** Which answer is missing: who is signed in, or how one can sign in. */
  failed: 'session' | 'methods';
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}

/** The sign-in state or the sign-in methods could not be fetched: say so and offer to try again. */
const headlines: Record<LoadProblemProps['failed'], string> = {
  session: 'We could not check whether you are signed in.',
  methods: 'We could not load the ways to sign in.',
};

export function LoadProblem({ failed, error, retrying, onRetry }: LoadProblemProps) {
  return (
    <div role="alert" className="mb-6 rounded-xl border border-danger-ink/40 bg-danger-soft p-4 text-sm text-ink">
      <p className="font-semibold">{headlines[failed]}</p>
      {error && <p className="mt-1 text-muted">{error.message}</p>}
      <button type="button" onClick={onRetry} disabled={retrying} className={`${buttonStyles.secondary} mt-3`}>
        {retrying && <Spinner />}
        Try again
      </button>
    </div>
  );
}

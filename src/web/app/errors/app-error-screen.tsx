import { useNavigate } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { RequestIdNote } from '../../components/request-id-note';
import { Screen } from '../../components/screen';
import { buttonStyles } from '../../components/styles';
import { isApiError } from '../../lib/api';

interface AppErrorScreenProps {
  error: unknown;
  onReset: () => void;
}

const APP_ERROR_TITLE = 'Application Error';

export function AppErrorScreen({ error, onReset }: AppErrorScreenProps) {
  return (
    <Screen>
      <section
        role="alert"
        aria-labelledby="app-error-title"
        className="mx-auto max-w-2xl rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-10"
      >
        <h1 id="app-error-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {APP_ERROR_TITLE}
        </h1>
        {isApiError(error, 'unavailable') ? <DatabaseUnavailable /> : <UnexpectedError error={error} onReset={onReset} />}
        <RequestIdNote error={error} />
      </section>
    </Screen>
  );
}

function DatabaseUnavailable() {
  const navigate = useNavigate();
  // Navigating changes the location key, which resets the boundary.
  const goToSetup = () => navigate(pathOf('supabase-setup'));
  return (
    <>
      <p className="mt-4 text-muted">
        GameSource is moving from one backend to another, and the database can&apos;t be reached right now. The setup page shows what the
        server can see and how the database is configured.
      </p>
      <button type="button" onClick={goToSetup} className={`${buttonStyles.primary} mt-6`}>
        Go to Supabase Setup
      </button>
    </>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return 'An unexpected error occurred';
}

function UnexpectedError({ error, onReset }: AppErrorScreenProps) {
  return (
    <>
      <p className="mt-4 text-muted">{messageOf(error)}</p>
      <button type="button" onClick={onReset} className={`${buttonStyles.primary} mt-6`}>
        Try Again
      </button>
    </>
  );
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { ScreenLoadError } from '../../components/errors/screen-load-error';
import { RequestIdNote } from '../../components/request-id-note';
import { buttonStyles } from '../../components/styles';

function describe(error: unknown): string | undefined {
  if (error instanceof ScreenLoadError) {
    return 'Part of GameSource could not be downloaded. Check your connection, then reload the page.';
  }
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** Shown instead of the whole layout when routing itself fails. */
export default function SomethingWentWrongScreen() {
  const error = useRouteError();
  const detail = describe(error);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="max-w-xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-ink">{PRODUCT_NAME}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Something went wrong</h1>
        <p className="mt-4 text-lg text-muted">This page could not be opened. Going back to the home page usually sorts it out.</p>
        {detail && <p className="mt-3 text-sm text-muted">{detail}</p>}
        <RequestIdNote error={error} />
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* Full page loads: after a routing failure, a fresh start is the safest way back. */}
          <a href="/" className={buttonStyles.primary}>
            Go to the home page
          </a>
          <button type="button" onClick={() => window.location.reload()} className={buttonStyles.secondary}>
            Reload this page
          </button>
        </div>
      </div>
    </main>
  );
}

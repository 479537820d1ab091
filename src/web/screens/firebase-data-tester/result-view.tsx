import type { Outcome } from './outcome';

const sources = {
  browser: 'Refused in the browser, before sending (the server gives the same answer)',
  server: 'Answered by the server',
  page: 'On this page',
} as const;

/** The last operation's result: its data as JSON, or the store's error code and message. */
export function ResultView({ outcome, label }: { outcome: Outcome | null; label: string }) {
  return (
    <div role="status" aria-label={label} className="min-h-12">
      {outcome?.kind === 'ok' && (
        <div className="space-y-2">
          <p className="break-all font-medium text-ink">{outcome.title}</p>
          {outcome.json !== undefined && (
            <pre className="max-h-96 overflow-auto rounded-lg bg-raised p-3 font-mono text-sm text-ink">
              {JSON.stringify(outcome.json, null, 2)}
            </pre>
          )}
        </div>
      )}
      {outcome?.kind === 'error' && (
        <div className="rounded-xl border border-danger-ink/40 bg-danger-soft px-4 py-3 text-ink">
          <p className="font-mono text-sm font-semibold">{outcome.code}</p>
          <p className="mt-1 break-words" data-testid="error-message">
            {outcome.message}
          </p>
          <p className="mt-1 text-xs text-muted">{sources[outcome.where]}</p>
        </div>
      )}
    </div>
  );
}

import type { StepResult, StepStatus } from './run-steps';

const statusLabels: Record<StepStatus, string> = {
  waiting: 'Not run',
  running: 'Running…',
  passed: 'Pass',
  failed: 'Fail',
  skipped: 'Skipped',
  'needs-sign-in': 'Needs sign-in',
};

const statusStyles: Record<StepStatus, string> = {
  waiting: 'bg-raised text-muted',
  running: 'bg-raised text-ink',
  passed: 'bg-accent text-on-accent',
  failed: 'bg-danger text-on-danger',
  skipped: 'bg-raised text-muted',
  'needs-sign-in': 'bg-raised text-muted',
};

/** Each step: name, outcome, time, and what it saw. */
export function StepResults({ results, label }: { results: readonly StepResult[]; label: string }) {
  return (
    <ol aria-label={label} className="divide-y divide-line rounded-xl border border-line">
      {results.map((result) => (
        <li key={result.name} data-status={result.status} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
          <span className="flex items-center gap-3 sm:w-72 sm:shrink-0">
            <span
              className={`inline-block min-w-24 rounded-md px-2 py-0.5 text-center text-xs font-semibold uppercase tracking-wider ${statusStyles[result.status]}`}
            >
              {statusLabels[result.status]}
            </span>
            <span className="font-medium text-ink">{result.name}</span>
          </span>
          <span className="min-w-0 flex-1 break-words text-sm text-muted">{result.detail}</span>
          {result.ms !== undefined && <span className="font-mono text-sm text-ink sm:text-right">{result.ms.toFixed(0)} ms</span>}
        </li>
      ))}
    </ol>
  );
}

export function summaryOf(results: readonly StepResult[]): string {
  const count = (status: StepStatus) => results.filter((result) => result.status === status).length;
  const passed = count('passed');
  if (passed === results.length) return `All ${results.length} passed.`;
  const parts = [`${passed} of ${results.length} passed`];
  if (count('failed')) parts.push(`${count('failed')} failed`);
  if (count('needs-sign-in')) parts.push(`${count('needs-sign-in')} need you to sign in`);
  if (count('skipped')) parts.push(`${count('skipped')} skipped`);
  return `${parts.join(', ')}.`;
}

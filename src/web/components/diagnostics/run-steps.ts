// One runner for the diagnostic pages: steps run in order, each timed; a step that needs an
// account is not run for a visitor; after a failure the rest are skipped unless told otherwise.
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { DocumentError } from '../../lib/documents';

export interface StepContext {
  /** The signed-in user's id, or null for a visitor. */
  uid: string | null;
  /** Values earlier steps leave for later ones (a document reference, a run id). */
  shared: Record<string, unknown>;
}

export interface Step {
  name: string;
  /** Not run (and shown as "needs sign-in") for a signed-out visitor. */
  needsAccount?: boolean;
  /** Resolves with what it saw, in words; throws when the step fails. */
  run: (context: StepContext & { uid: string }) => Promise<string>;
}

export type StepStatus = 'waiting' | 'running' | 'passed' | 'failed' | 'skipped' | 'needs-sign-in';

export interface StepResult {
  name: string;
  status: StepStatus;
  detail: string;
  ms?: number;
}

export interface RunOptions {
  /** Checks (the verifiers) carry on after a failure; round trips stop. */
  continueAfterFailure?: boolean;
}

const waiting = (steps: readonly Step[]): StepResult[] => steps.map((step) => ({ name: step.name, status: 'waiting', detail: '' }));

/** A failure in words: the store's code and message when it answered, else the error's message. */
export function describeError(error: unknown): string {
  if (isApiError(error) || error instanceof DocumentError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

export async function runSteps(
  steps: readonly Step[],
  uid: string | null,
  report: (index: number, result: StepResult) => void,
  { continueAfterFailure = false }: RunOptions = {},
): Promise<void> {
  const context: StepContext = { uid, shared: {} };
  let failed = false;
  for (const [index, step] of steps.entries()) {
    const result = (status: StepStatus, detail: string, ms?: number) => report(index, { name: step.name, status, detail, ms });
    if (step.needsAccount && uid === null) {
      result('needs-sign-in', 'Sign in to run this step.');
      continue;
    }
    if (failed && !continueAfterFailure) {
      result('skipped', 'Skipped: an earlier step failed.');
      continue;
    }
    result('running', '');
    const started = performance.now();
    try {
      const detail = await step.run({ ...context, uid: uid ?? '' });
      result('passed', detail, performance.now() - started);
    } catch (error) {
      failed = true;
      result('failed', describeError(error), performance.now() - started);
    }
  }
}

/** Runs the steps on demand and keeps their results for the page. */
export function useStepRunner(steps: readonly Step[], options: RunOptions = {}) {
  const [results, setResults] = useState<StepResult[]>(() => waiting(steps));
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(false);
  const optionsRef = useRef(options);
  const run = useCallback(
    async (uid: string | null) => {
      setRunning(true);
      setFinished(false);
      setResults(waiting(steps));
      await runSteps(
        steps,
        uid,
        (index, result) => setResults((current) => current.map((old, i) => (i === index ? result : old))),
        optionsRef.current,
      );
      setRunning(false);
      setFinished(true);
    },
    [steps],
  );
  return { results, running, finished, run };
}

/** Rejects when `work` takes longer than `ms`. */
export function within<T>(ms: number, what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`${what} did not happen within ${ms / 1000} s.`));
    }, ms);
    work(controller.signal).then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

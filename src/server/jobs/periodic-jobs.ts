import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { claimRun, finishRun, renewLease, type RunClaim } from './job-runs';
import { JobRunLog } from './run-log';

export interface PeriodicJob {
  /** What the log and `job_runs` call it; the same on every instance. */
  name: string;
  everyMs: number;
  /** Does one round and says how many things it changed. */
  run: () => Promise<number>;
}

/** Shorter times for tests; production uses each job's own interval and the default lease. */
export interface JobTiming {
  /** Every job's interval instead of its own. */
  everyMs?: number;
  /** How long a run stays its instance's without a renewal: how soon another takes over from one that died. */
  leaseMs?: number;
}

export interface PeriodicJobs {
  /** This instance's name in `job_runs` and the run log. */
  instance: string;
  runs: JobRunLog;
  /** Runs `job` from when the app is ready until it closes, on one instance at a time across all that share the database. */
  schedule(app: FastifyInstance, job: PeriodicJob): void;
}

const DEFAULT_LEASE_MS = 60_000;
/** Asks a little after a run falls due, so the database's clock has surely reached it. */
const SLACK_MS = 10;

export function createPeriodicJobs(database: Database, timing: JobTiming = {}): PeriodicJobs {
  const instance = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runs = new JobRunLog();
  const leaseMs = timing.leaseMs ?? DEFAULT_LEASE_MS;

  /** Runs a claimed round, renewing its lease meanwhile; answers how long until the next is due. */
  async function runClaimed(app: FastifyInstance, job: PeriodicJob, claim: RunClaim, startedAt: number): Promise<number> {
    const run = runs.started(job.name, instance, startedAt);
    const renewing = setInterval(() => {
      renewLease(database, claim, leaseMs).then(
        (held) => {
          if (!held) app.log.warn(`${job.name}: the run outlasted its lease; another instance may run it too`);
        },
        (error: unknown) => app.log.warn({ err: error }, `${job.name}: renewing the run's lease failed`),
      );
    }, leaseMs / 3);
    renewing.unref();
    let outcome: 'ok' | 'failed' = 'ok';
    let changed: number | undefined;
    try {
      changed = await job.run();
      if (changed > 0) app.log.info({ changed }, job.name);
    } catch (error) {
      outcome = 'failed';
      app.log.warn({ err: error }, `${job.name} failed; will retry`);
    } finally {
      clearInterval(renewing);
    }
    const finished = await finishRun(database, claim, outcome, changed ?? null).catch((error: unknown) => {
      runs.finished(run, outcome, Date.now(), changed);
      throw error;
    });
    runs.finished(run, outcome, finished.finishedAt, changed);
    return finished.waitMs;
  }

  function schedule(app: FastifyInstance, job: PeriodicJob): void {
    const everyMs = timing.everyMs ?? job.everyMs;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let turn: Promise<void> = Promise.resolve();

    /** Runs the job if it is this instance's turn; answers how long to wait before asking again. */
    const takeTurn = async (): Promise<number> => {
      try {
        const claim = { name: job.name, instance, runId: randomUUID() };
        const answer = await claimRun(database, claim, everyMs, leaseMs);
        return 'startedAt' in answer ? await runClaimed(app, job, claim, answer.startedAt) : answer.waitMs;
      } catch (error) {
        app.log.warn({ err: error }, `${job.name}: could not take a turn; will ask again`);
        return everyMs;
      }
    };
    const askAfter = (waitMs: number) => {
      if (closed) return;
      timer = setTimeout(() => {
        turn = takeTurn().then(askAfter);
      }, waitMs + SLACK_MS);
      timer.unref();
    };

    app.addHook('onReady', async () => askAfter(0));
    // A run under way finishes (and lets its lease go) before the database closes.
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await turn;
    });
  }

  return { instance, runs, schedule };
}

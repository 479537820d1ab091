/** One run of a periodic job, as the instance that ran it saw it (times on the database's clock). */
export interface JobRun {
  name: string;
  instance: string;
  startedAt: number;
  finishedAt?: number;
  outcome: 'running' | 'ok' | 'failed';
  /** How many things the run changed. */
  changed?: number;
}

export interface JobCounts {
  started: number;
  succeeded: number;
  failed: number;
}

/** How many recent runs the log keeps, over all jobs. */
const RECENT_RUNS = 100;

/**
 * This instance's runs of periodic jobs: counts per job since it started, and the last runs.
 * Kept in memory for whatever reports on the instance; the cluster-wide last run of each job is
 * in the `job_runs` table.
 */
export class JobRunLog {
  private readonly countsByName = new Map<string, JobCounts>();
  private readonly runs: JobRun[] = [];

  started(name: string, instance: string, startedAt: number): JobRun {
    const run: JobRun = { name, instance, startedAt, outcome: 'running' };
    this.countsOf(name).started += 1;
    this.runs.push(run);
    if (this.runs.length > RECENT_RUNS) this.runs.shift();
    return run;
  }

  finished(run: JobRun, outcome: 'ok' | 'failed', finishedAt: number, changed?: number): void {
    Object.assign(run, { outcome, finishedAt, changed });
    const counts = this.countsOf(run.name);
    if (outcome === 'ok') counts.succeeded += 1;
    else counts.failed += 1;
  }

  counts(name: string): JobCounts {
    return { ...this.countsOf(name) };
  }

  /** The jobs that have run on this instance. */
  names(): string[] {
    return [...this.countsByName.keys()];
  }

  /** The last runs, oldest first; of one job when `name` is given. */
  recent(name?: string): JobRun[] {
    return this.runs.filter((run) => name === undefined || run.name === name).map((run) => ({ ...run }));
  }

  private countsOf(name: string): JobCounts {
    let counts = this.countsByName.get(name);
    if (!counts) {
      counts = { started: 0, succeeded: 0, failed: 0 };
      this.countsByName.set(name, counts);
    }
    return counts;
  }
}

import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client';

const table = sql.identifier('job_runs');
const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;
/** Times go out as epoch milliseconds of the database's clock, the one clock every instance shares. */
const epochMs = (value: SQL) => sql`(extract(epoch from ${value}) * 1000)::float8`;
const msUntil = (value: SQL) => sql`greatest(0, ${epochMs(sql`${value} - now()`)})`;

/** One run of a job by one instance. */
export interface RunClaim {
  name: string;
  instance: string;
  runId: string;
}

/**
 * Takes the next run of a job when it is due and nobody holds it, in one statement, so of
 * instances asking at once exactly one gets it. The next run falls due `everyMs` after this one
 * starts, whichever instance takes it. Answers when it started (database clock), or undefined
 * and how long to wait before asking again.
 */
export async function claimRun(
  database: Database,
  claim: RunClaim,
  everyMs: number,
  leaseMs: number,
): Promise<{ startedAt: number } | { waitMs: number }> {
  const [claimed] = await selectRows<{ started_at: number }>(
    database,
    sql`insert into ${table} (name, due_at, lease_until, instance, run_id, started_at, outcome)
        values (${claim.name}, now() + ${interval(everyMs)}, now() + ${interval(leaseMs)}, ${claim.instance}, ${claim.runId}, now(), 'running')
        on conflict (name) do update set
          due_at = excluded.due_at, lease_until = excluded.lease_until, instance = excluded.instance, run_id = excluded.run_id,
          started_at = excluded.started_at, finished_at = null, outcome = 'running', changed = null, duration_ms = null
        where ${table}.due_at <= now() and (${table}.lease_until is null or ${table}.lease_until <= now())
        returning ${epochMs(sql`started_at`)} as started_at`,
  );
  if (claimed) return { startedAt: Number(claimed.started_at) };
  // greatest() skips a null lease: then only the due time counts.
  const [row] = await selectRows<{ wait_ms: number }>(
    database,
    sql`select ${msUntil(sql`greatest(due_at, lease_until)`)} as wait_ms from ${table} where name = ${claim.name}`,
  );
  return { waitMs: Number(row?.wait_ms ?? 0) };
}

/** Keeps a run its instance's for another `leaseMs`; false when the lease had lapsed and another took it. */
export async function renewLease(database: Database, claim: RunClaim, leaseMs: number): Promise<boolean> {
  const rows = await selectRows<{ name: string }>(
    database,
    sql`update ${table} set lease_until = now() + ${interval(leaseMs)}
        where name = ${claim.name} and run_id = ${claim.runId} and outcome = 'running'
        returning name`,
  );
  return rows.length > 0;
}

/** Records how a run ended and lets its lease go; answers when it ended and how long until the next run is due. */
export async function finishRun(
  database: Database,
  claim: RunClaim,
  outcome: 'ok' | 'failed',
  changed: number | null,
): Promise<{ finishedAt: number; waitMs: number }> {
  const [row] = await selectRows<{ finished_at: number; wait_ms: number }>(
    database,
    sql`update ${table} set lease_until = null, finished_at = now(), outcome = ${outcome}, changed = ${changed},
          duration_ms = ${epochMs(sql`now() - started_at`)}
        where name = ${claim.name} and run_id = ${claim.runId}
        returning ${epochMs(sql`finished_at`)} as finished_at, ${msUntil(sql`due_at`)} as wait_ms`,
  );
  if (row) return { finishedAt: Number(row.finished_at), waitMs: Number(row.wait_ms) };
  const [now] = await selectRows<{ now: number }>(database, sql`select ${epochMs(sql`now()`)} as now`);
  return { finishedAt: Number(now!.now), waitMs: 0 };
}

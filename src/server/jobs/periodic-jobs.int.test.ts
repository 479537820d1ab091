import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../test-support/server/app';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test-support/server/database';
import { signUpMember } from '../../test-support/server/members';
import { within } from '../../test-support/within';
import { CHANGE_RETENTION_MS } from '../catalogue';
import { createDatabase, selectRows, type Database } from '../db/client';
import { catalogueChanges, gamePlays, games, jobRuns, limitCounters } from '../db/schema';
import { OLD_VERSIONS_JOB } from '../features/builds/old-versions';
import { TRENDING_DAYS } from '../features/games/trending';
import type { JobRun } from './run-log';

// Each periodic job runs on one instance at a time, once per interval across all instances on
// one database, and another instance takes over when the one running it goes away.

const TRENDING = 'plays left the trending window';
const JOBS = [
  TRENDING,
  'old catalogue changes pruned',
  'removed unreferenced uploads',
  'removed expired limit counters',
  'review digests sent',
  OLD_VERSIONS_JOB,
];
const EVERY_MS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

const finishedRuns = (apps: FastifyInstance[], name: string) =>
  apps
    .flatMap((app) => app.periodicJobs.runs.recent(name))
    .filter((run) => run.outcome !== 'running')
    .sort((a, b) => a.startedAt - b.startedAt);

/** Consecutive runs (on the database's clock) start an interval apart at least, each after the last one ended. */
function expectOncePerInterval(runs: JobRun[]) {
  for (const [i, run] of runs.entries()) {
    const before = runs[i - 1];
    if (!before) continue;
    expect(run.startedAt - before.startedAt).toBeGreaterThanOrEqual(EVERY_MS - 1);
    expect(run.startedAt).toBeGreaterThanOrEqual(before.finishedAt!);
  }
}

describe('periodic jobs on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobTiming: { everyMs: EVERY_MS, leaseMs: 1_500 } });
  });
  afterAll(() => t?.close());

  it('waits while another instance holds a run, and takes over once that lease lapses', async () => {
    // An instance that took the run and then died: its lease runs out and nobody renews it.
    const [lapse] = await selectRows<{ at: number }>(
      t.database,
      sql`insert into job_runs (name, due_at, lease_until, instance, run_id, started_at, outcome)
          values (${TRENDING}, now(), now() + interval '800 milliseconds', 'gone', 'run-of-gone', now(), 'running')
          returning (extract(epoch from lease_until) * 1000)::float8 as at`,
    );
    await t.app.ready();
    expect(await within(5_000, () => finishedRuns([t.app], TRENDING).length > 0)).toBe(true);
    expect(finishedRuns([t.app], TRENDING)[0]!.startedAt).toBeGreaterThanOrEqual(lapse!.at);
  });

  it('runs each job once per interval, and each does its work', async () => {
    const { client } = await signUpMember(t.app, { name: 'Player' });
    expect((await client.post('/api/games/7/plays')).json()).toMatchObject({ counted: true });
    const [before] = await t.database.db.select({ recentPlays: games.recentPlays }).from(games).where(eq(games.id, 7));
    expect(before!.recentPlays).toBeGreaterThan(0);
    await t.database.db
      .update(gamePlays)
      .set({ playedAt: new Date(Date.now() - (TRENDING_DAYS + 1) * DAY_MS) })
      .where(eq(gamePlays.gameId, 7));

    // Nobody calls the retirement: the job does, within an interval or two.
    const retired = await within(5_000, async () => {
      const [row] = await t.database.db.select({ recentPlays: games.recentPlays }).from(games).where(eq(games.id, 7));
      return row!.recentPlays === 0;
    });
    expect(retired).toBe(true);
    expect(await within(5_000, () => finishedRuns([t.app], TRENDING).length >= 4)).toBe(true);
    expectOncePerInterval(finishedRuns([t.app], TRENDING));

    for (const name of JOBS) {
      expect(t.app.periodicJobs.runs.counts(name)).toMatchObject({ failed: 0 });
      expect(t.app.periodicJobs.runs.counts(name).succeeded).toBeGreaterThan(0);
    }
    const rows = await t.database.db.select({ name: jobRuns.name, instance: jobRuns.instance }).from(jobRuns);
    expect(rows.map((row) => row.name).sort()).toEqual([...JOBS].sort());
  });

  it('prunes old catalogue changes and expired limit counters', async () => {
    await t.database.db.insert(catalogueChanges).values({ gameId: 7, changedAt: new Date(Date.now() - 2 * CHANGE_RETENTION_MS) });
    await t.database.db.insert(limitCounters).values({ key: 'periodic-jobs-test', count: 1, expiresAt: new Date(Date.now() - 1_000) });
    const gone = await within(5_000, async () => {
      const old = await t.database.db
        .select()
        .from(catalogueChanges)
        .where(lt(catalogueChanges.changedAt, new Date(Date.now() - CHANGE_RETENTION_MS)));
      const counters = await t.database.db.select().from(limitCounters).where(eq(limitCounters.key, 'periodic-jobs-test'));
      return old.length === 0 && counters.length === 0;
    });
    expect(gone).toBe(true);
  });
});

describe.skipIf(!testDatabaseUrl)('periodic jobs across two instances on one PostgreSQL', () => {
  let shared: TestDatabase;
  const instances: { app: FastifyInstance; database: Database }[] = [];

  async function startInstance() {
    const database = createDatabase({ url: shared.location.url });
    const app = await buildTestApp({ config: testConfig(), database, jobTiming: { everyMs: EVERY_MS, leaseMs: 1_500 } });
    await app.ready();
    instances.push({ app, database });
  }

  beforeAll(async () => {
    shared = await createTestDatabase();
    await startInstance();
    await startInstance();
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.destroy();
  });

  it('runs a job once per interval in all, never two at once, and the other instance takes over when one closes', async () => {
    const apps = instances.map((instance) => instance.app);
    expect(await within(10_000, () => finishedRuns(apps, TRENDING).length >= 6)).toBe(true);
    const together = finishedRuns(apps, TRENDING);
    expectOncePerInterval(together);
    // Two instances each on their own would have run it about twice as often.
    const span = together.at(-1)!.startedAt - together[0]!.startedAt;
    expect(together.length - 1).toBeLessThanOrEqual(Math.floor(span / EVERY_MS));

    const last = together.at(-1)!;
    const [runner, other] = last.instance === apps[0]!.periodicJobs.instance ? instances : [...instances].reverse();
    await runner!.app.close();
    await runner!.database.close();
    instances.splice(instances.indexOf(runner!), 1);

    const byOther = () => finishedRuns([other!.app], TRENDING).filter((run) => run.startedAt > last.startedAt);
    expect(await within(10_000, () => byOther().length >= 3)).toBe(true);
    expectOncePerInterval([last, ...byOther()]);
  });
});

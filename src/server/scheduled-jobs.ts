import type { FastifyBaseLogger } from 'fastify';
import type { Accounts } from './auth/accounts';
import { pruneChanges } from './catalogue';
import type { Config } from './config';
import type { Database } from './db/client';
import { OLD_VERSIONS_EVERY_MS, OLD_VERSIONS_JOB, removeOldVersions } from './features/builds/old-versions';
import { retireOldPlays } from './features/games/trending';
import { REVIEW_DIGEST_EVERY_MS, reviewDigestJob } from './features/reviews/review-digest';
import { checkDepsFor } from './features/still-works/check-deps';
import { CHECK_JOB_EVERY_MS, runDueChecks } from './features/still-works/service';
import { cleanUpUploads } from './features/uploads/service';
import type { Limiter } from './http/limits/limiter';
import { LIMIT_CLEAN_UP_EVERY_MS } from './http/limits/policies';
import type { PeriodicJob } from './jobs/periodic-jobs';
import { createBuildStorage } from './storage/create-build-storage';
import { createUploadStorage } from './storage/create-upload-storage';

interface JobDeps {
  config: Config;
  database: Database;
  accounts: Accounts;
  limiter: Limiter;
  log: FastifyBaseLogger;
}

/**
 * Every periodic job of the app, in one list. Each runs on one instance at a time and once per
 * interval in all, whichever instances share the database (`jobs/periodic-jobs.ts`, decision 0034).
 */
export function scheduledJobs({ config, database, accounts, limiter, log }: JobDeps): PeriodicJob[] {
  const { db } = database;
  const checks = checkDepsFor(config, db, accounts.messenger, log);
  const uploads = createUploadStorage(config, database);
  const builds = createBuildStorage(config);
  return [
    { name: 'removed expired limit counters', everyMs: LIMIT_CLEAN_UP_EVERY_MS, run: limiter.cleanUp },
    { name: 'old catalogue changes pruned', everyMs: 10 * 60_000, run: () => pruneChanges(db) },
    // A play leaves "trending" at most this long after it turns TRENDING_DAYS old.
    { name: 'plays left the trending window', everyMs: 30_000, run: () => retireOldPlays(db) },
    { name: 'removed unreferenced uploads', everyMs: 60 * 60_000, run: async () => (await cleanUpUploads(db, uploads)).length },
    { name: OLD_VERSIONS_JOB, everyMs: OLD_VERSIONS_EVERY_MS, run: () => removeOldVersions(db, builds) },
    { name: 'review digests sent', everyMs: REVIEW_DIGEST_EVERY_MS, run: reviewDigestJob(db, accounts.messenger, config.baseUrl) },
    ...(checks.enabled ? [{ name: 'games checked', everyMs: CHECK_JOB_EVERY_MS, run: () => runDueChecks(db, checks) }] : []),
  ];
}

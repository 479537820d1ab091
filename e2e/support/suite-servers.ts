import { availableParallelism } from 'node:os';
import { inject } from 'vitest';

/**
 * Browser test files run this many at a time, each worker against a server of its own (its own
 * database), so two files running together never meet in one database or one limit. One file at a
 * time left a third of 2 cores idle (waiting on pages); two at a time still left about a fifth
 * (315 s on 2 cores, 2026-12-06); three kept them 87% busy and took 285 s. One more file than
 * there are cores, as for the integration files.
 */
export const BROWSER_TEST_WORKERS = Math.max(3, availableParallelism() + 1);

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, in worker order. */
    suiteServers: string[];
    /** A data folder as a server leaves it when it first starts: migrated and seeded (global-setup.ts). */
    pristineDataDir: string;
  }
}

/** The folder every server of the suite with an empty data folder starts as a copy of. */
export const pristineDataDir = (): string => inject('pristineDataDir');

/** The base URL of this worker's server. */
export function suiteBaseUrl(): string {
  const servers = inject('suiteServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  const server = servers[worker % servers.length];
  if (!server) throw new Error("The browser suite's global setup started no server");
  return server;
}

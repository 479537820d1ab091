import { readFileSync } from 'node:fs';
import type { DatabaseStatus, Health } from '../../../shared/health';
import { pingDatabase, type Database } from '../../db/client';
import { migrationStatus } from '../../db/migrate';
import { projectPaths } from '../../paths';

const startedAt = Date.now();

export const appVersion: string = (JSON.parse(readFileSync(projectPaths.packageJson, 'utf8')) as { version: string }).version;

/** Liveness: answers from the process alone, so a slow or absent database never fails it. */
export function checkHealth(database: Database): Health {
  return {
    status: 'ok',
    version: appVersion,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    database: { kind: database.kind },
  };
}

/** The database's backend, latency and migrations; never its address or credentials. */
export async function databaseStatus(database: Database): Promise<DatabaseStatus> {
  const latencyMs = await pingDatabase(database);
  const { applied, pending } = await migrationStatus(database);
  return { kind: database.kind, latencyMs, applied, pending };
}

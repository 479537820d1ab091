import type { Readiness, ReadinessCheck } from '../../../shared/health';
import type { CatalogueSource } from '../../catalogue';
import { pingDatabase, type Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { migrationStatus } from '../../db/migrate';

/** How often the database is checked; every readiness answer in between shares the last check. */
export const READINESS_CHECK_MS = 1000;
/** A PostgreSQL check still waiting this long means the database is not answering. */
const SILENT_MS = 2000;

const notYet: ReadinessCheck = { ready: false, detail: 'Not checked yet.' };

/**
 * What `/api/ready` answers, from checks made in the background at most once a second: a
 * readiness probe costs no query. Once the migrations are seen applied they are not read again.
 */
export function createReadiness(database: Database, catalogue: Pick<CatalogueSource, 'loaded'>) {
  let databaseCheck = notYet;
  let migrationsCheck = notYet;
  let checkingSince: number | undefined;

  const checkMigrations = async () => {
    if (migrationsCheck.ready) return;
    const { pending } = await migrationStatus(database);
    migrationsCheck =
      pending.length === 0
        ? { ready: true, detail: 'Every migration is applied.' }
        : { ready: false, detail: `${pending.length} migrations are pending: ${pending.join(', ')}.` };
  };

  const check = async (): Promise<number> => {
    // The embedded database runs one statement at a time: a check waiting behind a long one
    // finds its thread alive, and the last answer stands meanwhile.
    if (checkingSince !== undefined) return 0;
    checkingSince = Date.now();
    try {
      const latencyMs = await pingDatabase(database);
      databaseCheck = { ready: true, detail: `Answered in ${latencyMs} ms.` };
      await checkMigrations();
    } catch (error) {
      databaseCheck = {
        ready: false,
        detail: isDatabaseUnavailable(error) ? 'The database cannot be reached.' : 'The database check failed.',
      };
    } finally {
      checkingSince = undefined;
    }
    return 0;
  };

  const currentDatabaseCheck = (): ReadinessCheck => {
    const waitedMs = checkingSince === undefined ? 0 : Date.now() - checkingSince;
    if (database.kind === 'postgres' && waitedMs > SILENT_MS) {
      return { ready: false, detail: `The database has not answered for ${Math.floor(waitedMs / 1000)} s.` };
    }
    return databaseCheck;
  };

  const status = (): Readiness => {
    const checks = {
      database: currentDatabaseCheck(),
      migrations: migrationsCheck,
      catalogue: catalogue.loaded()
        ? { ready: true, detail: 'The catalogue is in memory.' }
        : { ready: false, detail: 'The catalogue is still being read.' },
    };
    const ready = Object.values(checks).every((one) => one.ready);
    return { status: ready ? 'ready' : 'not-ready', checks };
  };

  return { check, status };
}

import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase, embeddedDataDir, type Database } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { prepareDatabase } from './db/prepare';
import { holdServerLock } from './db/server-lock';
import { buildGamesServer, gameUrlsFor, seedSampleBuilds } from './features/builds';
import { outboxExposureWarning, outboxLinkLine } from './features/dev/outbox-warning';
import { collectWhenQuiet } from './http/idle-collection';
import { createBuildStorage } from './storage/create-build-storage';

function openDatabase(config: Config, { bounded = true } = {}): Database {
  return createDatabase({
    url: config.databaseUrl,
    dataDir: embeddedDataDir(config.dataDir),
    logError: (message, error) => console.error(message, error),
    timeouts: bounded ? config.databaseTimeouts : undefined,
  });
}

/** A migration may run longer than any request should: on PostgreSQL it gets a connection without the statement timeout. */
async function prepare(config: Config, database: Database): Promise<void> {
  if (database.kind === 'pglite') return prepareWhenReachable(database);
  const unbounded = openDatabase(config, { bounded: false });
  await prepareWhenReachable(unbounded).finally(() => unbounded.close());
}

/** PostgreSQL may still be starting (or down); wait for it rather than give up. */
async function prepareWhenReachable(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await prepareDatabase(database);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const waitMs = Math.min(1000 * attempt, 10_000);
      console.warn(`The database cannot be reached; trying again in ${waitMs / 1000}s`);
      await sleep(waitMs);
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  if (database.kind === 'pglite') holdServerLock(config.dataDir);
  await prepare(config, database);
  // The sample games that are real games get their builds where uploads are kept (decision 0069).
  await seedSampleBuilds(database.db, createBuildStorage(config), gameUrlsFor(config), config.games.limits);
  const app = await buildApp({ config, database });
  const games = await buildGamesServer({ config, database, urls: gameUrlsFor(config) });
  collectWhenQuiet([app, games]);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await Promise.all([app.close(), games.close()]);
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await games.listen({ port: config.games.port, host: config.host });
  const kind = database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL';
  console.log(`GameSource is running at ${config.baseUrl} (${kind}); games play from ${config.games.origin}`);
  const outboxLink = outboxLinkLine(config);
  if (outboxLink) console.log(outboxLink);
  const outboxWarning = outboxExposureWarning(config);
  if (outboxWarning) console.warn(`\n${'!'.repeat(72)}\n${outboxWarning}\n${'!'.repeat(72)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

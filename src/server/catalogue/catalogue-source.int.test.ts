import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test-support/server/database';
import { createDatabase, type EmbeddedDatabase } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { createCatalogueSource } from './catalogue-source';

// Always the embedded database: what is tested is how the source relies on its write count.
let database: EmbeddedDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gamesource-source-'));
  database = createDatabase({ dataDir, reopenDelayMs: 200 }) as EmbeddedDatabase;
  await prepareDatabase(database);
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const pageOf = (json: string) => JSON.parse(json) as { playCount: number };

describe('the catalogue source on the embedded database', () => {
  it('skips the change-feed look while nothing is written, and after a failed look tries again', async () => {
    const source = createCatalogueSource(
      database.db,
      { baseUrl: 'http://127.0.0.1:3000', gamesOrigin: 'http://*.games.localhost:3001' },
      () => database.connection.writesWhileOpen(),
    );
    const before = pageOf((await (await source.index()).gameJson(1))!).playCount;

    await database.db.execute(sql`update games set play_count = ${before + 5} where id = 1`);
    // The database goes away before the next look: that look fails, as the request would.
    await (await database.connection.instanceNow()).close();
    await expect(source.index()).rejects.toThrow();

    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(pageOf((await (await source.index()).gameJson(1))!).playCount).toBe(before + 5);
  });
});

// PostgreSQL: nothing counts this process's writes (other instances write too), so a look at the
// change feed is saved only when the database's snapshot shows that nothing committed since the
// last one. Transaction ids are the whole server's, and this suite's files run side by side, so
// how many looks that saves is measured by `bench:pageviews`, not here.
describe.runIf(testDatabaseUrl)('the catalogue source on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.destroy());

  it('takes in a change committed elsewhere at the next read, after reads that found nothing new', async () => {
    const { db } = test.database;
    const source = createCatalogueSource(db, { baseUrl: 'http://127.0.0.1:3000', gamesOrigin: 'http://*.games.localhost:3001' });
    const before = pageOf((await (await source.index()).gameJson(1))!).playCount;
    for (let read = 0; read < 20; read++) await source.index({ search: false });
    for (const plays of [before + 5, before + 7]) {
      await db.execute(sql`update games set play_count = ${plays} where id = 1`);
      expect(pageOf((await (await source.index({ search: false })).gameJson(1))!).playCount).toBe(plays);
    }
  });
});

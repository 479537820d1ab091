import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../../test-support/server/app';
import { createTestDatabase, type TestDatabase } from '../../../test-support/server/database';
import { signUpMember } from '../../../test-support/server/members';
import { createDatabase, selectRows, type Database } from '../client';
import { prepareDatabase } from '../prepare';
import { exportDatabase } from './export';
import { importDatabase, ImportRefused } from './import';

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

async function* replay(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

/**
 * An export without its time stamp, parsed, for comparing two databases' contents: rows as
 * objects, so a table whose columns were added in another order holds the same data.
 */
function withoutTime([header, ...batches]: string[]): unknown[] {
  return [
    { ...(JSON.parse(header!) as Record<string, unknown>), exportedAt: undefined },
    ...batches.map((batch) => JSON.parse(batch) as unknown),
  ];
}

async function contents(source: Parameters<typeof exportDatabase>[0]): Promise<unknown[]> {
  return withoutTime(await collect(exportDatabase(source)));
}

const emptyMigratedDatabase = (): Promise<TestDatabase> => createTestDatabase({ contents: 'migrated' });

let source: { app: FastifyInstance; database: Database };
let exported: string[];

beforeAll(async () => {
  // The source is always the embedded database: moving from it to PostgreSQL is the case that matters.
  const database = createDatabase({});
  await prepareDatabase(database);
  source = { database, app: await buildTestApp({ config: testConfig(), database }) };
  const { client } = await signUpMember(source.app, { name: 'Exported Member' });
  expect((await client.request({ method: 'PUT', url: '/api/games/3/favourite' })).statusCode).toBe(200);
  exported = await collect(exportDatabase(source.database));
});

afterAll(async () => {
  await source?.app.close();
  await source?.database.close();
});

describe('db:export then db:import', () => {
  it('reproduces every table, row for row', async () => {
    const target = await emptyMigratedDatabase();
    try {
      const written = await importDatabase(target.database, replay(exported));
      expect(written.games).toBe(12);
      expect(written.users).toBeGreaterThanOrEqual(1);
      // Against the export, not the source as it is now: the source's periodic jobs go on writing.
      expect(await contents(target.database)).toEqual(withoutTime(exported));
    } finally {
      await target.destroy();
    }
  });

  it('leaves sequences after the imported ids, so new rows do not collide', async () => {
    const target = await emptyMigratedDatabase();
    try {
      await importDatabase(target.database, replay(exported));
      const [next] = await selectRows<{ id: number }>(
        target.database,
        sql`insert into outbox_messages (channel, recipient, text) values ('email', 'a@example.com', 'hi') returning id`,
      );
      const [max] = await selectRows<{ max: number | null }>(source.database, sql`select max(id) as max from outbox_messages`);
      expect(next!.id).toBeGreaterThan(max!.max ?? 0);
    } finally {
      await target.destroy();
    }
  });

  it('refuses a database that already holds data, and changes nothing', async () => {
    const target = await createTestDatabase();
    try {
      const before = await contents(target.database);
      await expect(importDatabase(target.database, replay(exported))).rejects.toThrow(/already holds data/);
      expect(await contents(target.database)).toEqual(before);
      await importDatabase(target.database, replay(exported), { replace: true });
      expect(await contents(target.database)).toEqual(withoutTime(exported));
    } finally {
      await target.destroy();
    }
  });

  it('refuses a file that is not an export, or one from another schema version', async () => {
    const target = await emptyMigratedDatabase();
    try {
      await expect(importDatabase(target.database, replay(['{"hello":1}']))).rejects.toThrow(ImportRefused);
      const older = JSON.stringify({ ...JSON.parse(exported[0]!), schemaVersion: '0001_accounts' });
      await expect(importDatabase(target.database, replay([older, ...exported.slice(1)]))).rejects.toThrow(/schema 0001_accounts/);
    } finally {
      await target.destroy();
    }
  });

  it('writes nothing when any row is refused', async () => {
    const target = await emptyMigratedDatabase();
    try {
      const broken = [...exported, JSON.stringify({ table: 'categories', rows: [{ slug: 'rpg', name: null }] })];
      await expect(importDatabase(target.database, replay(broken))).rejects.toThrow();
      const [games] = await selectRows<{ count: number }>(target.database, sql`select count(*)::int as count from games`);
      expect(games!.count).toBe(0);
    } finally {
      await target.destroy();
    }
  });
});

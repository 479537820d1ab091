import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from './database';

const rowsOf = async (test: TestDatabase, query: SQL) =>
  ((await test.database.db.execute(query)) as unknown as { rows: { n: number; name?: string }[] }).rows;
const count = async (test: TestDatabase, table: 'games' | 'categories') =>
  (await rowsOf(test, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
const nextGameId = async (test: TestDatabase) => (await rowsOf(test, sql`select nextval('games_id_seq')::int as n`))[0]!.n;

describe.skipIf(testDatabaseUrl)('embedded test databases lent from the pool', () => {
  it('come back with the template’s rows and sequence positions, whatever the last file did', async () => {
    const first = await createTestDatabase();
    const games = await count(first, 'games');
    await first.database.db.execute(
      sql`insert into categories (slug, name, description, position) values ('pool-check', 'Pool check', 'Written by the last file', 99)`,
    );
    const categories = await count(first, 'categories');
    const nextId = await nextGameId(first);
    await first.database.db.execute(sql`delete from games`);
    await first.destroy();

    const second = await createTestDatabase();
    expect(await count(second, 'games')).toBe(games);
    expect(await count(second, 'categories')).toBe(categories - 1);
    // The sequence is where the template left it, not where the last borrower took it.
    expect(await nextGameId(second)).toBe(nextId);
    await second.destroy();
  });

  it('start a sequence the template never used from its first value again', async () => {
    const first = await createTestDatabase();
    const [unused] = await rowsOf(
      first,
      sql`select sequencename as name, start_value::int as n from pg_sequences where schemaname = 'public' and last_value is null limit 1`,
    );
    const nextOf = async (test: TestDatabase) => (await rowsOf(test, sql`select nextval(${unused!.name}::regclass)::int as n`))[0]!.n;
    expect(await nextOf(first)).toBe(unused!.n);
    expect(await nextOf(first)).toBe(unused!.n + 1);
    await first.destroy();

    const second = await createTestDatabase();
    expect(await nextOf(second)).toBe(unused!.n);
    await second.destroy();
  });

  it('answer nothing once closed, as a closed database would', async () => {
    const test = await createTestDatabase();
    await test.destroy();
    await expect(test.database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});

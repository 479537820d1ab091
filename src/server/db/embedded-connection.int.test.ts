import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type EmbeddedDatabase } from './client';

let database: EmbeddedDatabase;

beforeAll(() => {
  database = createDatabase({}) as EmbeddedDatabase;
});
afterAll(() => database.close());

describe('the embedded connection', () => {
  it('counts every finished statement or transaction that may have written, and no plain read', async () => {
    const writes = () => database.connection.writes;
    await database.db.execute(sql`create table notes (id serial primary key, body text)`);
    const afterCreate = writes();
    expect(afterCreate).toBeGreaterThan(0);

    await database.db.execute(sql`select count(*) from notes`);
    await database.db.execute(sql`  SELECT 1`);
    expect(writes()).toBe(afterCreate);

    await database.db.execute(sql`insert into notes (body) values ('a')`);
    expect(writes()).toBe(afterCreate + 1);
    await database.db.execute(sql`with gone as (delete from notes returning 1) select count(*) from gone`);
    expect(writes()).toBe(afterCreate + 2);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('b')`);
    });
    expect(writes()).toBe(afterCreate + 3);
    await expect(database.db.execute(sql`insert into missing_table values (1)`)).rejects.toThrow();
    expect(writes()).toBe(afterCreate + 4);
  });

  it('gives the write count only while the database is open', async () => {
    const connection = database.connection;
    expect(connection.writesWhileOpen()).toBe(connection.writes);
    await (await connection.instanceNow()).close();
    expect(connection.writesWhileOpen()).toBeUndefined();
  });
});

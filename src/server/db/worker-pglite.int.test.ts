import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerPGlite } from './worker-pglite';

let direct: PGlite;
let worker: WorkerPGlite;

const setup = `
  create table things (id serial primary key, name text unique not null, at timestamptz, made date,
    took interval, price numeric(8,2), big int8, raw bytea, data jsonb, tags text[], stamps timestamp[]);
  insert into things (name, at, made, took, price, big, raw, data, tags, stamps) values
    ('a', '2026-01-02 03:04:05.678+00', '2026-01-02', '1 day 02:03:04', 12.5, 9007199254740993,
     '\\x00ff', '{"k": [1, "two", null]}', '{x,y}', '{"2026-01-02 03:04:05"}'),
    ('b', null, null, null, null, null, null, null, null, null)`;

beforeAll(async () => {
  direct = await PGlite.create();
  worker = await WorkerPGlite.create({});
  await direct.exec(setup);
  await worker.exec(setup);
});
afterAll(async () => {
  await direct.close();
  await worker.close();
});

const identity = (value: string) => value;
/** What Drizzle's PGlite driver asks for: these types as the text PostgreSQL sent. */
const drizzleParsers = {
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  1231: identity,
  1115: identity,
  1185: identity,
  1187: identity,
  1182: identity,
};

describe('PGlite in a worker thread', () => {
  it('gives the same results as PGlite itself, in both row modes, with and without parsers', async () => {
    const statement = 'select * from things where id = any($1) order by id';
    for (const options of [undefined, { rowMode: 'array' as const, parsers: drizzleParsers }, { parsers: drizzleParsers }]) {
      const expected = await direct.query(statement, [[1, 2]], options);
      expect(await worker.query(statement, [[1, 2]], options)).toEqual(expected);
    }
    expect(await worker.exec('select 1 as one; select now() > $$2020-01-01$$ as later')).toEqual(
      await direct.exec('select 1 as one; select now() > $$2020-01-01$$ as later'),
    );
  });

  it.each([
    ['without parameters', `insert into things (name) values ('a')`, []],
    ['with parameters', 'insert into things (name) values ($1)', ['a']],
  ])('keeps the details of a database error, %s', async (_, statement, params) => {
    const failure = (db: PGlite | WorkerPGlite) =>
      db.query(statement, params).then(
        () => ({}) as Record<string, unknown>,
        (error: unknown) => error as Record<string, unknown>,
      );
    const [expected, actual] = [await failure(direct), await failure(worker)];
    expect(actual).toBeInstanceOf(Error);
    for (const key of ['message', 'code', 'constraint', 'detail', 'table', 'severity', 'query', 'params']) {
      expect(actual[key], key).toEqual(expected[key]);
    }
  });

  it('prepares a statement with parameters once, so PostgreSQL plans it from its plan cache', async () => {
    const statement = 'select name from things where id = $1 and name <> $2';
    for (let run = 0; run < 8; run++) {
      expect((await worker.query(statement, [1, 'none'])).rows).toEqual([{ name: 'a' }]);
    }
    const { rows } = await worker.query<{ plans: number }>(
      `select generic_plans + custom_plans as plans from pg_prepared_statements where statement = '${statement}'`,
    );
    expect(rows).toEqual([{ plans: 8 }]);
  });

  it('keeps at most 200 statements prepared, the least recently used going first', async () => {
    const kept = 'select $1::int as kept';
    await worker.query(kept, [1]);
    for (let n = 0; n < 250; n++) {
      await worker.query(`select $1::int + ${n} as sum`, [1]);
      if (n % 50 === 0) await worker.query(kept, [1]);
    }
    const { rows } = await worker.query<{ prepared: number; keptToo: boolean }>(
      `select count(*)::int as prepared, bool_or(statement = '${kept}') as "keptToo" from pg_prepared_statements`,
    );
    expect(rows).toEqual([{ prepared: 200, keptToo: true }]);
  });

  it('answers a prepared statement after its table changes or statements are deallocated, in a transaction too', async () => {
    const statement = 'select * from things where id = $1';
    const columns = async (db: Pick<WorkerPGlite, 'query'>) => Object.keys((await db.query<object>(statement, [1])).rows[0] ?? {});
    const before = await columns(worker);
    await worker.exec('alter table things add column first_extra int');
    expect(await columns(worker)).toEqual([...before, 'first_extra']);
    await worker.exec('deallocate all');
    expect(await columns(worker)).toEqual([...before, 'first_extra']);
    await worker.transaction(async (tx) => {
      await tx.exec('alter table things add column second_extra int');
      expect(await columns(tx)).toEqual([...before, 'first_extra', 'second_extra']);
    });
  });

  it('commits a transaction whose callback succeeds and rolls back one that throws', async () => {
    await worker.transaction(async (tx) => {
      await tx.query(`insert into things (name) values ('kept')`);
    });
    await expect(
      worker.transaction(async (tx) => {
        await tx.query(`insert into things (name) values ('dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await worker.query<{ name: string }>(`select name from things where name in ('kept', 'dropped')`);
    expect(rows).toEqual([{ name: 'kept' }]);
  });

  it('delivers notifications to listeners until they stop', async () => {
    const received: string[] = [];
    const stop = await worker.listen('news', (payload) => received.push(payload));
    await worker.query(`select pg_notify('news', 'first')`);
    await expect.poll(() => received).toEqual(['first']);
    await stop();
    await worker.query(`select pg_notify('news', 'second')`);
    await worker.query('select 1');
    expect(received).toEqual(['first']);
  });

  it('dumps its files so another instance can start from them', async () => {
    const copy = await WorkerPGlite.create({ loadDataDir: await worker.dumpDataDir('none') });
    try {
      const { rows } = await copy.query<{ count: number }>('select count(*)::int as count from things');
      expect(rows).toEqual([{ count: 3 }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses statements once closed', async () => {
    const closing = await WorkerPGlite.create({});
    await closing.close();
    expect(closing.closed).toBe(true);
    await expect(closing.query('select 1')).rejects.toThrow(/PGlite is closed/);
  });
});

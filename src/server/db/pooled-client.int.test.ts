import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test-support/server/database';
import { startProxyFor, throughProxy, type TcpProxy } from '../../test-support/server/tcp-proxy';

let testDatabase: TestDatabase | undefined;
let proxy: TcpProxy | undefined;

afterEach(async () => {
  await proxy?.restore();
  await testDatabase?.destroy();
  await proxy?.close();
  testDatabase = undefined;
  proxy = undefined;
});

describe.skipIf(!testDatabaseUrl)('a PostgreSQL connection lost as a transaction begins', () => {
  it('goes back to the pool, so the pool neither runs dry nor hangs on closing', async () => {
    const relay = (proxy = await startProxyFor(testDatabaseUrl!));
    testDatabase = await createTestDatabase({
      viaUrl: (url) => throughProxy(url, relay),
      timeouts: { connectMs: 1000, statementMs: 200, idleInTransactionMs: 1000 },
    });
    const { database } = testDatabase;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    await database.db.execute(sql`select 1`);

    relay.drop();
    await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    await relay.restore();

    expect(database.pool.totalCount - database.pool.idleCount, 'connections still handed out').toBe(0);
    // The pool's circuit, opened by the outage, lets a connection through again within a second.
    const transactionWorks = () =>
      database.db
        .transaction((tx) => tx.execute(sql`select 1`))
        .then(
          () => true,
          () => false,
        );
    await expect.poll(transactionWorks, { timeout: 5000, interval: 250 }).toBe(true);
  });
});

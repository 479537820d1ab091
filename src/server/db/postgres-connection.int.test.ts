import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test-support/server/database';
import { startTcpProxy, type TcpProxy } from '../../test-support/server/tcp-proxy';
import { createDatabase, type Database } from './client';

// Only PostgreSQL has connections to lose (the run on PostgreSQL sets TEST_DATABASE_URL).
describe.runIf(testDatabaseUrl)('a PostgreSQL connection lost during a transaction', () => {
  let proxy: TcpProxy;
  let database: Database;
  const lost: unknown[] = [];

  beforeAll(async () => {
    const target = new URL(testDatabaseUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${proxy.port}`;
    database = createDatabase({ url: target.href, logError: (_message, error) => lost.push(error) });
  });
  afterAll(async () => {
    await database.close();
    await proxy.restore();
  });

  it('fails the transaction and is logged, never an uncaught exception', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
      expect(lost.length).toBeGreaterThan(0);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

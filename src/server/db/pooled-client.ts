import pg from 'pg';

const LOST_ANSWER = 'Query read timeout';
const OPENS_A_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;

type Callback = (error: Error | null, result: unknown) => void;

/**
 * The PostgreSQL client of every pool, mending two ways a connection could be lost for good:
 *
 * - An answer that does not come within `query_timeout`: pg gives up on the query but keeps
 *   the connection, still waiting. The next query would queue behind it, and a transaction's
 *   rollback would be lost while the transaction stayed open. So the connection is closed, and
 *   the pool replaces it.
 * - A transaction whose BEGIN fails (the connection dropped just after the pool handed it
 *   out): Drizzle sends BEGIN before the `try` whose `finally` gives the client back, so the
 *   pool would lose it, one slot per outage, until `connect()` waits forever and `end()` never
 *   returns (drizzle-orm issues 6023 and 6241, open for 0.45). So the client gives itself back,
 *   as broken, and a second release (from a Drizzle that has mended this) does nothing.
 */
export class PooledClient extends pg.Client {
  // pg's query() has many overloads; this one only watches how each ends.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const superQuery = super.query.bind(this) as (...args: unknown[]) => unknown;
    const failed = (error: unknown) => this.afterFailure(error, statementText(args[0]));
    const callback: unknown = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: Error | null, result: unknown) => {
        if (error) failed(error);
        (callback as Callback)(error, result);
      };
      return superQuery(...args);
    }
    const result: unknown = superQuery(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      failed(error);
      throw error;
    });
  }

  private afterFailure(error: unknown, statement: string | undefined) {
    if (error instanceof Error && error.message === LOST_ANSWER) this.end().catch(() => undefined);
    if (statement && OPENS_A_TRANSACTION.test(statement)) this.giveBackBroken(error);
  }

  private giveBackBroken(error: unknown) {
    const checkedOut = this as { release?: (error: Error | boolean) => void };
    const release = checkedOut.release;
    if (!release) return;
    checkedOut.release = () => undefined;
    release(error instanceof Error ? error : true);
  }
}

function statementText(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string') return query.text;
  return undefined;
}

import pg from 'pg';
import type { DatabaseCircuit } from './circuit';

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
  /** The pool's circuit (circuit.ts), told of every answer and failure; absent for a client made outside a CircuitPool. */
  private readonly circuit: DatabaseCircuit | undefined;

  constructor(config?: pg.ClientConfig & { circuit?: DatabaseCircuit }) {
    super(config);
    this.circuit = config?.circuit;
  }

  // pg's query() has many overloads; this one only watches how each ends.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const superQuery = super.query.bind(this) as (...args: unknown[]) => unknown;
    const failed = (error: unknown) => this.afterFailure(error, statementText(args[0]));
    const callback: unknown = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: Error | null, result: unknown) => {
        if (error) failed(error);
        else this.circuit?.answered();
        (callback as Callback)(error, result);
      };
      return superQuery(...args);
    }
    const result: unknown = superQuery(...args);
    if (!(result instanceof Promise)) return result;
    return result.then(
      (answer: unknown) => {
        this.circuit?.answered();
        return answer;
      },
      (error: unknown) => {
        failed(error);
        throw error;
      },
    );
  }

  private afterFailure(error: unknown, statement: string | undefined) {
    this.circuit?.failed(error);
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

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose connections are refused at once while its circuit (circuit.ts) is open, and
 * whose failed connects open it. Its clients are PooledClients that tell the circuit of
 * every answer and failure (`Client` is always PooledClient here).
 */
export class CircuitPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    readonly circuit: DatabaseCircuit,
  ) {
    super({ ...config, Client: PooledClient, circuit } as pg.PoolConfig);
  }

  // pg-pool's connect() takes a callback or answers a promise; its own query() uses the callback.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(callback?: ConnectCallback): any {
    const refusal = this.circuit.refusal();
    if (callback) {
      if (refusal) {
        process.nextTick(() => callback(refusal, undefined, () => undefined));
        return;
      }
      super.connect((error, client, done) => {
        if (error) this.circuit.failed(error);
        callback(error, client, done);
      });
      return;
    }
    if (refusal) return Promise.reject(refusal);
    return super.connect().catch((error: unknown) => {
      this.circuit.failed(error);
      throw error;
    });
  }
}

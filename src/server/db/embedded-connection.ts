import type { PGlite } from '@electric-sql/pglite';
import { DatabaseUnavailableError } from './errors';
import type { EmbeddedInstance } from './worker-pglite';

/**
 * Holds the embedded PGlite instance (in its own thread, see worker-pglite.ts) and reopens it
 * from its files when it has died (closed, or its WebAssembly runtime aborted), so the server
 * recovers by itself. Drizzle talks to `client()`, which always forwards to the live instance.
 */
export class EmbeddedConnection {
  /** Goes up as each statement or transaction that may have written finishes. */
  writes = 0;
  /** Statements and transactions sent and not yet answered. */
  private inFlight = 0;
  private instance: Promise<EmbeddedInstance>;
  /** The instance once it has opened, to tell without waiting whether it is still open. */
  private opened: EmbeddedInstance | undefined;
  private failedAt = 0;
  private closedForGood = false;

  constructor(
    private readonly open: () => Promise<EmbeddedInstance>,
    private readonly reopenDelayMs: number,
  ) {
    this.instance = this.openInstance();
  }

  /**
   * The write count while the database is open, else undefined. PGlite allows one process, so
   * every write to the embedded database passes here: a reader that saw the same count before
   * knows nothing has changed since (see catalogue-source.ts). While the database is down, the
   * reader must go to it anyway, and fail as every other request does.
   */
  writesWhileOpen(): number | undefined {
    return this.opened && !this.opened.closed ? this.writes : undefined;
  }

  /** Statements and transactions sent and not yet answered: one runs, the rest wait (for metrics). */
  inFlightCount(): number {
    return this.inFlight;
  }

  /** Whether the database is working on something now (a new statement would wait). */
  busy(): boolean {
    return this.inFlight > 0;
  }

  client(): PGlite {
    const forward =
      (method: 'query' | 'exec' | 'transaction') =>
      async (...args: unknown[]) => {
        const instance = await this.live();
        this.inFlight++;
        try {
          return await (instance[method] as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          if (instance.closed) throw this.markFailed(error);
          throw error;
        } finally {
          this.inFlight--;
          if (method !== 'query' || !isRead(args[0])) this.writes++;
        }
      };
    return {
      query: forward('query'),
      exec: forward('exec'),
      transaction: forward('transaction'),
    } as unknown as PGlite;
  }

  /** The instance in use now (reopened first if it had died). */
  instanceNow(): Promise<EmbeddedInstance> {
    return this.live();
  }

  async close(): Promise<void> {
    this.closedForGood = true;
    const instance = await this.instance.catch(() => undefined);
    if (instance && !instance.closed) await instance.close();
  }

  private async live(): Promise<EmbeddedInstance> {
    if (this.closedForGood) throw new DatabaseUnavailableError('The database has been shut down');
    const instance = await this.instance.catch((error: unknown) => {
      throw this.markFailed(error);
    });
    if (!instance.closed) return instance;
    if (this.failedAt === 0) this.failedAt = Date.now();
    if (Date.now() - this.failedAt < this.reopenDelayMs) {
      throw new DatabaseUnavailableError('The embedded database is reopening');
    }
    this.failedAt = 0;
    this.instance = this.openInstance();
    return this.live();
  }

  private openInstance(): Promise<EmbeddedInstance> {
    const opening = this.open();
    opening.then(
      (instance) => void (this.opened = instance),
      () => undefined,
    );
    return opening;
  }

  private markFailed(cause: unknown): DatabaseUnavailableError {
    this.failedAt = Date.now();
    return new DatabaseUnavailableError('The embedded database stopped', { cause });
  }
}

/** A lone SELECT writes nothing (this app calls no writing functions from one). */
const isRead = (statement: unknown) => typeof statement === 'string' && /^\s*select\b/i.test(statement);

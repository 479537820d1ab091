import { DatabaseUnavailableError, isDatabaseUnavailable } from './errors';

/** Failures that say the server is alive (it cancelled a statement, ended an idle transaction, is full), not out of reach. */
const ALIVE_CODES = new Set(['57014', '25P03', '53300']);

function saysServerAlive(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && ALIVE_CODES.has(code)) return true;
  }
  return false;
}

/** Whether a failure means the database cannot be reached at all (no connection, no answer). */
export function isUnreachable(error: unknown): boolean {
  return isDatabaseUnavailable(error) && !saysServerAlive(error);
}

export const CIRCUIT_OPEN_MESSAGE = 'The database is not answering; this was found moments ago, so it is not asked again yet.';

/**
 * Remembers that the database is out of reach, so that a request does not wait out the
 * connect and answer timeouts again to learn what the last one learnt (a game page asking
 * three things one after the other took 7 s in a partition). Opened by the first connection
 * that fails to connect or to get an answer; while open, new connections are refused at once,
 * except one trial every `retryEveryMs` (the readiness check, asking once a second, is
 * usually that trial). Any answer from the database closes it again.
 */
export class DatabaseCircuit {
  private openedAt: number | undefined;
  private lastTrialAt = 0;

  constructor(
    private readonly retryEveryMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the database is known to be out of reach. */
  get open(): boolean {
    return this.openedAt !== undefined;
  }

  /** Undefined when a connection may be asked for; the error to fail with when not. */
  refusal(): DatabaseUnavailableError | undefined {
    if (this.openedAt === undefined) return undefined;
    const now = this.now();
    if (now - this.lastTrialAt >= this.retryEveryMs) {
      this.lastTrialAt = now;
      return undefined;
    }
    return new DatabaseUnavailableError(CIRCUIT_OPEN_MESSAGE);
  }

  /** The database answered. */
  answered(): void {
    this.openedAt = undefined;
  }

  /** A connection or a query failed: opens the circuit when the failure means out of reach. */
  failed(error: unknown): void {
    if (!isUnreachable(error)) return;
    const now = this.now();
    this.openedAt ??= now;
    this.lastTrialAt = now;
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { claimDueMessages, markAttemptFailed, markSent, type ClaimedMessage } from './queue';

/** Hands a message to its transport; resolves once the transport accepted it. */
export type Deliver = (message: ClaimedMessage) => Promise<void>;

export interface SenderTiming {
  /** How often each instance looks for due messages (its own are sent at once anyway). */
  pollMs: number;
  /** The wait before the second attempt; each later one waits twice as long, up to MAX_RETRY_MS. */
  retryBaseMs: number;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
}

export interface OutgoingSender {
  /** Sends what is due soon, on this instance, without waiting. */
  kick(): void;
  /** Resolves once every message due now has been tried. */
  drain(): Promise<void>;
  /** Stops polling and waits for the attempts under way; the rest stays queued. */
  close(): Promise<void>;
}

/** How many messages go out at once: enough for a burst, few enough not to flood the mail server. */
const PARALLEL_DELIVERIES = 4;
const MAX_RETRY_MS = 30 * 60_000;
/**
 * How long a claimed message stays this sender's. Longer than any attempt can take (the
 * transports give up sooner), so only a sender that died leaves a message to be claimed again.
 */
export const SEND_LEASE_MS = 3 * 60_000;

export const retryDelayMs = (attempt: number, baseMs: number) => Math.min(baseMs * 2 ** (attempt - 1), MAX_RETRY_MS);

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Each instance's sender: claims due messages from the shared queue, four at a time, hands them
 * to their transport and records the outcome. Messages enqueued on this instance are kicked at
 * once; others (retries, another instance's, those left by a crash) are found by polling.
 */
export function createOutgoingSender(database: Database, deliver: Deliver, timing: SenderTiming, log: FastifyBaseLogger): OutgoingSender {
  let pumping: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const record = (work: Promise<void>, message: ClaimedMessage) =>
    work.catch((error: unknown) =>
      // The lease lapses and the message goes again, under the same Message-ID.
      log.warn({ err: error, messageId: message.messageId }, 'could not record how sending a message went; it will be sent again'),
    );

  async function attempt(message: ClaimedMessage): Promise<void> {
    const about = { channel: message.channel, messageId: message.messageId, attempt: message.attempts };
    if (message.attempts > timing.maxAttempts) {
      log.error(about, 'gave up on a message whose sender stopped mid-send on its last attempt');
      return record(markAttemptFailed(database.db, message, 'the sender stopped during the last attempt', undefined), message);
    }
    try {
      await deliver(message);
    } catch (error) {
      const last = message.attempts >= timing.maxAttempts;
      const retryInMs = last ? undefined : retryDelayMs(message.attempts, timing.retryBaseMs);
      if (last) log.error({ ...about, err: error }, 'a message could not be delivered; gave up after the last attempt');
      else log.warn({ ...about, err: error, retryInMs }, 'a message could not be delivered; will try again');
      return record(markAttemptFailed(database.db, message, reasonOf(error), retryInMs), message);
    }
    await record(markSent(database.db, message), message);
  }

  async function round(): Promise<number> {
    try {
      const claimed = await claimDueMessages(database, PARALLEL_DELIVERIES, SEND_LEASE_MS);
      await Promise.all(claimed.map(attempt));
      return claimed.length;
    } catch (error) {
      log.warn({ err: error }, 'could not look for outgoing messages; will look again');
      return 0;
    }
  }

  async function pump(): Promise<void> {
    do {
      again = false;
      while (!closed && (await round()) > 0);
    } while (again && !closed);
  }

  function start(): Promise<void> {
    pumping ??= pump().finally(() => {
      pumping = undefined;
      // A kick that came as the last round ended.
      if (again && !closed) void start();
    });
    return pumping;
  }

  const poll = setInterval(() => void start(), timing.pollMs);
  poll.unref();

  return {
    kick() {
      if (closed) return;
      if (pumping) again = true;
      else void start();
    },
    async drain() {
      while (pumping) await pumping;
      if (!closed) await start();
    },
    async close() {
      closed = true;
      clearInterval(poll);
      while (pumping) await pumping;
    },
  };
}

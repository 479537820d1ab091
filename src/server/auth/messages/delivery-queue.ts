import type { FastifyBaseLogger } from 'fastify';
import type { OutgoingMessage } from './messenger';

export type Deliver = (message: OutgoingMessage) => Promise<void>;

/** How many messages go out at once: enough for a burst, few enough not to flood the mail server. */
const PARALLEL_DELIVERIES = 4;

export interface DeliveryQueue {
  /** Takes the message and returns at once; delivery happens in the background. */
  enqueue(message: OutgoingMessage, deliver: Deliver): void;
  /** Resolves once every message queued so far was delivered or has failed. */
  settled(): Promise<void>;
}

interface Waiting {
  message: OutgoingMessage;
  deliver: Deliver;
  done: () => void;
}

/**
 * Messages wait here in the process and go out after the request has been answered, so how
 * long a mail server takes never shows in an answer (whether an account exists, for one).
 */
export function createDeliveryQueue(log: FastifyBaseLogger): DeliveryQueue {
  const waiting: Waiting[] = [];
  const unfinished = new Set<Promise<void>>();
  let running = 0;

  const deliverOne = async ({ message, deliver, done }: Waiting) => {
    try {
      await deliver(message);
    } catch (error) {
      log.error({ err: error, channel: message.channel, subject: message.subject }, 'a message could not be delivered');
    } finally {
      done();
    }
  };

  const next = () => {
    while (running < PARALLEL_DELIVERIES && waiting.length > 0) {
      running += 1;
      void deliverOne(waiting.shift()!).finally(() => {
        running -= 1;
        next();
      });
    }
  };

  return {
    enqueue(message, deliver) {
      const finished = new Promise<void>((resolve) => waiting.push({ message, deliver, done: resolve }));
      unfinished.add(finished);
      void finished.then(() => unfinished.delete(finished));
      // On a later turn of the event loop: the request that queued it answers first.
      setImmediate(next);
    },
    async settled() {
      await Promise.all([...unfinished]);
    },
  };
}

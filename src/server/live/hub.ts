import type { FastifyBaseLogger } from 'fastify';
import type { LiveCursor } from '../../shared/live-cursor';
import type { Database } from '../db/client';
import { sharedSnapshotNow, type TransactionSnapshot } from '../db/transaction-snapshot';
import { onCommittedHere } from './committed-here';
import { latestSettledCursor, pruneEvents, settledEventsAfter, type SettledEvents, type StoredLiveEvent } from './event-store';
import { listenForEvents, type NotificationSource } from './notifications';
import { createTopicAccess, type TopicAccess } from './topic-access';

export interface LiveSubscriber {
  /** An event on one of its topics; the subscriber checks that its viewer may still have it. */
  event(event: StoredLiveEvent): void;
  /** The hub is shutting down: finish up (an SSE stream ends its response). */
  end?(): void;
  /** This instance's own listener (what it keeps per member), not a client's stream: not counted as one. */
  inProcess?: true;
  /** This instance has just committed a change on one of its topics; the event follows (committed-here.ts). */
  changedHere?(): void;
}

export interface LiveHub {
  /** Delivers every later event on these topics until the returned function is called. */
  subscribe(topics: readonly string[], subscriber: LiveSubscriber): () => void;
  /** Stops delivering these topics to the subscriber (its viewer lost access to them). */
  drop(topics: readonly string[], subscriber: LiveSubscriber): void;
  /** Where the events handed to subscribers so far end (undefined until the first read). */
  position(): LiveCursor | undefined;
  /** What a statement sees now (a new stream skips the events it saw). */
  snapshot(): Promise<TransactionSnapshot>;
  /** Settled events after `after` on these topics, in cursor order (for resuming clients). */
  replay(topics: readonly string[], after: LiveCursor, limit: number): Promise<SettledEvents>;
  /** Who may subscribe to which topic; the documents feature registers its rules here. */
  access: TopicAccess;
  /** How many subscribers there are now, but those in process: open event streams, mostly. */
  subscriberCount(): number;
  /** Ends every subscriber (before the HTTP server closes, so open streams do not hold it). */
  endSubscribers(): void;
  close(): Promise<void>;
}

export interface LiveHubOptions {
  /** How often events older than the retention are deleted; 0 turns pruning off. */
  pruneEveryMs?: number;
  /** A safety net for a missed notification: look for new events this often anyway. */
  sweepEveryMs?: number;
  /** Told each new event's age as it is handed out (its writer's start to now; for metrics). */
  onEventAge?: (seconds: number) => void;
}

const READ_BATCH = 500;
// While committed events wait for an older transaction to end, which may announce nothing (it
// published nothing, or rolled back), the hub looks again after this, doubling up to the most.
const UNSETTLED_FIRST_LOOK_MS = 5;
const UNSETTLED_MOST_MS = 1_000;

export function createLiveHub(database: Database, log: FastifyBaseLogger, options: LiveHubOptions = {}): LiveHub {
  const { db } = database;
  const byTopic = new Map<string, Set<LiveSubscriber>>();
  // Until the first read of the position, events announced meanwhile are found by the catch-up.
  let lastSeen: LiveCursor | undefined;
  let reading = false;
  let readAgain = false;
  let unsettledTimer: NodeJS.Timeout | undefined;
  let unsettledDelay = UNSETTLED_FIRST_LOOK_MS;

  const fanOut = (event: StoredLiveEvent) => {
    for (const subscriber of byTopic.get(event.topic) ?? []) {
      try {
        subscriber.event(event);
      } catch (error) {
        log.warn({ err: error }, 'live: a subscriber failed');
      }
    }
  };

  const readNewEvents = async () => {
    if (reading) return void (readAgain = true);
    reading = true;
    try {
      do {
        readAgain = false;
        lastSeen ??= await latestSettledCursor(db);
        for (;;) {
          const { events, more, unsettled } = await settledEventsAfter(db, lastSeen, READ_BATCH);
          for (const event of events) {
            lastSeen = event;
            if (event.ageSeconds !== undefined) options.onEventAge?.(event.ageSeconds);
            fanOut(event);
          }
          if (!more) {
            lookAgainIfUnsettled(unsettled);
            break;
          }
        }
      } while (readAgain);
    } catch (error) {
      // The sweep or the next notification tries again.
      log.warn({ err: error }, 'live: cannot read new events');
    } finally {
      reading = false;
    }
  };

  const lookAgainIfUnsettled = (unsettled: boolean) => {
    clearTimeout(unsettledTimer);
    if (!unsettled) return void (unsettledDelay = UNSETTLED_FIRST_LOOK_MS);
    unsettledTimer = setTimeout(() => void readNewEvents(), unsettledDelay);
    unsettledTimer.unref();
    unsettledDelay = Math.min(UNSETTLED_MOST_MS, unsettledDelay * 2);
  };

  const source: NotificationSource = listenForEvents(
    database,
    { onNotify: () => void readNewEvents(), onListening: () => void readNewEvents() },
    log,
  );

  const stopHearingHere = onCommittedHere(db, (topics) => {
    for (const topic of topics) for (const subscriber of byTopic.get(topic) ?? []) subscriber.changedHere?.();
  });

  const timers = [
    setInterval(() => void readNewEvents(), options.sweepEveryMs ?? 10_000),
    ...(options.pruneEveryMs === 0
      ? []
      : [
          setInterval(
            () => void pruneEvents(db).catch((error: unknown) => log.warn({ err: error }, 'live: prune failed')),
            options.pruneEveryMs ?? 10 * 60_000,
          ),
        ]),
  ];
  for (const timer of timers) timer.unref();

  const unsubscribe = (topics: readonly string[], subscriber: LiveSubscriber) => {
    for (const topic of topics) {
      const subscribers = byTopic.get(topic);
      subscribers?.delete(subscriber);
      if (subscribers?.size === 0) byTopic.delete(topic);
    }
  };

  const allSubscribers = () => new Set([...byTopic.values()].flatMap((subscribers) => [...subscribers]));

  const endSubscribers = () => {
    const all = allSubscribers();
    byTopic.clear();
    for (const subscriber of all) subscriber.end?.();
  };

  return {
    subscribe(topics, subscriber) {
      for (const topic of topics) {
        const subscribers = byTopic.get(topic) ?? new Set();
        subscribers.add(subscriber);
        byTopic.set(topic, subscribers);
      }
      return () => unsubscribe(topics, subscriber);
    },
    drop: unsubscribe,
    position: () => lastSeen,
    // Streams opening together share one look, taken after each of them subscribed.
    snapshot: () => sharedSnapshotNow(db),
    replay: (topics, after, limit) => settledEventsAfter(db, after, limit, topics),
    access: createTopicAccess(),
    subscriberCount: () => [...allSubscribers()].filter((subscriber) => !subscriber.inProcess).length,
    endSubscribers,
    async close() {
      stopHearingHere();
      for (const timer of timers) clearInterval(timer);
      clearTimeout(unsettledTimer);
      endSubscribers();
      await source.close();
    },
  };
}

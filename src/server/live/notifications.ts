import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, EmbeddedDatabase, PostgresDatabase } from '../db/client';
import type { EmbeddedInstance } from '../db/worker-pglite';
import { liveChannel } from './publish';

/**
 * One LISTEN per server instance. `onNotify` runs when a transaction that published events has
 * committed; `onListening` runs each time listening (re)starts, so the hub can catch up on what
 * it may have missed meanwhile.
 */
export interface NotificationHandlers {
  onNotify(): void;
  onListening(): void;
}

export interface NotificationSource {
  close(): Promise<void>;
}

const MAX_BACKOFF_MS = 10_000;
const EMBEDDED_CHECK_MS = 2_000;

export function listenForEvents(database: Database, handlers: NotificationHandlers, log: FastifyBaseLogger): NotificationSource {
  return database.kind === 'postgres' ? listenPostgres(database, handlers, log) : listenEmbedded(database, handlers, log);
}

/** A dedicated pool client holds the LISTEN; if it drops, it is replaced with backoff. */
function listenPostgres(database: PostgresDatabase, handlers: NotificationHandlers, log: FastifyBaseLogger): NotificationSource {
  let client: pg.PoolClient | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures++);
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const drop = (current: pg.PoolClient, error: unknown) => {
    if (client !== current) return;
    client = undefined;
    log.warn({ err: error }, 'live: LISTEN connection lost; reconnecting');
    current.release(error instanceof Error ? error : true);
    retry();
  };

  const connect = async () => {
    let current: pg.PoolClient | undefined;
    try {
      current = await database.pool.connect();
      // Closed while connecting: close() had no client to release, so this one must be, or the
      // pool could never end.
      if (closed) return void current.release(true);
      const listening = current;
      listening.on('error', (error) => drop(listening, error));
      listening.on('end', () => drop(listening, new Error('connection ended')));
      listening.on('notification', (message) => {
        if (message.channel === liveChannel) handlers.onNotify();
      });
      client = listening;
      await listening.query(`listen ${liveChannel}`);
      // Closed while the LISTEN was on its way: close() has released it already.
      if (closed) return;
      failures = 0;
      handlers.onListening();
    } catch (error) {
      if (current && client === current) drop(current, error);
      else if (!current) {
        log.warn({ err: error }, 'live: cannot LISTEN yet; retrying');
        retry();
      }
    }
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      current?.release(true);
    },
  };
}

/**
 * PGlite delivers NOTIFY to its own listeners after commit (verified by the live tests). The
 * embedded connection may reopen a dead instance, so listening follows it to the new one.
 */
function listenEmbedded(database: EmbeddedDatabase, handlers: NotificationHandlers, log: FastifyBaseLogger): NotificationSource {
  let instance: EmbeddedInstance | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let closed = false;
  let starting = false;

  const start = async () => {
    if (starting || closed || (instance && !instance.closed)) return;
    starting = true;
    try {
      const current = await database.connection.instanceNow();
      const stop = await current.listen(liveChannel, () => handlers.onNotify());
      if (closed) return void (await stop().catch(() => undefined));
      instance = current;
      unlisten = stop;
      handlers.onListening();
    } catch (error) {
      log.warn({ err: error }, 'live: cannot LISTEN on the embedded database yet; retrying');
    } finally {
      starting = false;
    }
  };

  void start();
  const check = setInterval(() => void start(), EMBEDDED_CHECK_MS);
  check.unref();
  return {
    close: async () => {
      closed = true;
      clearInterval(check);
      if (instance && !instance.closed) await unlisten?.().catch(() => undefined);
    },
  };
}

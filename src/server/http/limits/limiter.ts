import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client';
import { limitCounters } from '../../db/schema';

/** How a backoff key slows down: `free` attempts at once, then waits that double up to `maxSeconds`. */
export interface BackoffPolicy {
  free: number;
  firstWaitSeconds: number;
  maxSeconds: number;
  /** A key left alone this long starts again from zero. */
  forgetAfterSeconds: number;
  /** A try made while blocked starts the same wait again (guesses: no probing the moment it ends). */
  refusalRestartsWait: boolean;
}

export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface WindowCount {
  count: number;
  /** Until the window ends. */
  ttlMs: number;
}

/**
 * The one limiter every rule uses. It counts in the database (`limit_counters`), in single
 * statements, so instances sharing a PostgreSQL count together and racing requests cannot
 * all slip past one check. On the embedded database the same table serves: one process,
 * and the same code path the PostgreSQL tests exercise.
 */
export interface Limiter {
  /** Counts `hits` (default 1) in a fixed window of `windowMs` that starts with the first hit. */
  hit(key: string, windowMs: number, hits?: number): Promise<WindowCount>;
  /** `hit` on several different keys in one statement; the counts come in the keys' order. */
  hitAll(keys: readonly string[], windowMs: number): Promise<WindowCount[]>;
  /**
   * Takes an attempt on a backoff key unless it is blocked: from the `free`th attempt on, each
   * blocks the next for twice as long. A try while blocked is refused.
   */
  attempt(key: string, policy: BackoffPolicy): Promise<LimitAnswer>;
  /** After an attempt failed: its wait counts from now, not from when it began. */
  failed(key: string, policy: BackoffPolicy): Promise<void>;
  /** Forgets keys (after a success). */
  reset(keys: string[]): Promise<void>;
  /** Deletes expired counters; answers how many. */
  cleanUp(): Promise<number>;
}

const table = sql.identifier('limit_counters');
/** The count after these hits: a row that has expired starts again. */
const nextCount = (hits: number) => sql`case when ${table}.expires_at <= now() then ${hits}::int else ${table}.count + ${hits}::int end`;
/** Exponents beyond this would overflow and every cap is far below 2^20 s anyway. */
const MAX_DOUBLINGS = 20;

function blockedUntil(count: SQL, policy: BackoffPolicy) {
  const doublings = sql`least(${count} - ${policy.free}::int, ${MAX_DOUBLINGS}::int)`;
  const waitSeconds = sql`least(${policy.maxSeconds}::float8, ${policy.firstWaitSeconds}::float8 * power(2, ${doublings}))`;
  return sql`case when ${count} >= ${policy.free}::int then now() + make_interval(secs => ${waitSeconds}) end`;
}

export function createLimiter(database: Database): Limiter {
  const hitEach = async (keys: readonly string[], windowMs: number, hits: number): Promise<WindowCount[]> => {
    const window = sql`make_interval(secs => ${windowMs / 1000}::float8)`;
    // Rows are locked in this order: the same order for every caller, so two never wait on each other.
    const rows = sql.join(
      [...keys].sort().map((key) => sql`(${key}, ${hits}::int, now() + ${window})`),
      sql`, `,
    );
    const counted = await selectRows<{ key: string; count: number; ttl_ms: number }>(
      database,
      sql`insert into ${table} (key, count, expires_at) values ${rows}
          on conflict (key) do update set
            count = ${nextCount(hits)},
            expires_at = case when ${table}.expires_at <= now() then now() + ${window} else ${table}.expires_at end
          returning key, count, ceil(extract(epoch from expires_at - now()) * 1000)::int as ttl_ms`,
    );
    const byKey = new Map(counted.map((row) => [row.key, { count: Number(row.count), ttlMs: Number(row.ttl_ms) }]));
    return keys.map((key) => byKey.get(key)!);
  };
  const hit: Limiter['hit'] = async (key, windowMs, hits = 1) => (await hitEach([key], windowMs, hits))[0]!;

  /** Seconds until a blocked key may try again; undefined when it is not blocked. */
  const secondsBlocked = async (key: string, policy: BackoffPolicy) => {
    const seconds = sql`ceil(extract(epoch from blocked_until - now()))::int as seconds`;
    const [row] = await selectRows<{ seconds: number }>(
      database,
      policy.refusalRestartsWait
        ? sql`update ${table} set blocked_until = ${blockedUntil(sql`${table}.count`, policy)}
              where key = ${key} and blocked_until > now() returning ${seconds}`
        : sql`select ${seconds} from ${table} where key = ${key} and blocked_until > now()`,
    );
    return row ? Math.max(1, Number(row.seconds)) : undefined;
  };

  const attempt: Limiter['attempt'] = async (key, policy) => {
    const blocked = await secondsBlocked(key, policy);
    if (blocked !== undefined) return { allowed: false, retryAfterSeconds: blocked };
    const forget = sql`make_interval(secs => ${policy.forgetAfterSeconds}::float8)`;
    const taken = await selectRows<{ count: number }>(
      database,
      sql`insert into ${table} (key, count, blocked_until, expires_at)
          values (${key}, 1, ${blockedUntil(sql`1`, policy)}, now() + ${forget})
          on conflict (key) do update set
            count = ${nextCount(1)},
            blocked_until = ${blockedUntil(nextCount(1), policy)},
            expires_at = now() + ${forget}
          where ${table}.blocked_until is null or ${table}.blocked_until <= now()
          returning count`,
    );
    if (taken.length > 0) return { allowed: true };
    // Another request blocked the key between the two statements.
    return attempt(key, policy);
  };

  return {
    hit,
    hitAll: (keys, windowMs) => hitEach(keys, windowMs, 1),
    attempt,
    failed: async (key, policy) => {
      await database.db.execute(
        sql`update ${table} set blocked_until = greatest(blocked_until, ${blockedUntil(sql`${table}.count`, policy)})
            where key = ${key} and count >= ${policy.free}::int and expires_at > now()`,
      );
    },
    reset: async (keys) => {
      if (keys.length === 0) return;
      await database.db.delete(limitCounters).where(inArray(limitCounters.key, keys));
    },
    cleanUp: async () => {
      const removed = await database.db
        .delete(limitCounters)
        .where(lt(limitCounters.expiresAt, sql`now()`))
        .returning({ key: limitCounters.key });
      return removed.length;
    },
  };
}

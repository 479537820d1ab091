import { isDatabaseUnavailable } from '../../db/errors';
import type { Limiter, WindowCount } from './limiter';

interface KnownWindow {
  /** The shared count when this instance last wrote to it. */
  shared: number;
  /** Hits on this instance since then, written at the next flush. */
  pending: number;
  /** Hits on their way to the shared count: still counted here until it answers with them. */
  writing: number;
  expiresAt: number;
  windowMs: number;
}

/** Past this many keys, windows that have ended are swept when a new key arrives. */
const SWEEP_ABOVE = 1024;

export interface BatchedHits {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Writes the hits counted since the last flush (done by itself every `flushMs`). */
  flush(): Promise<void>;
}

/**
 * Counts hits in the shared limiter without a database write for each: the first hit of a key
 * in its window is written at once (and learns the shared count and when the window ends);
 * later hits on this instance are added here and written in one statement per key every
 * `flushMs`. For limits on reads, which must cost no more than the read: every instance still
 * counts together, at most `flushMs` of the others' hits behind.
 */
export function batchedHits(limiter: Limiter, flushMs = 1000): BatchedHits {
  const windows = new Map<string, KnownWindow>();
  let timer: NodeJS.Timeout | undefined;

  const write = async (key: string, known: KnownWindow) => {
    const hits = known.pending;
    Object.assign(known, { pending: 0, writing: known.writing + hits });
    try {
      const { count, ttlMs } = await limiter.hit(key, known.windowMs, hits);
      Object.assign(known, { shared: count, expiresAt: Date.now() + ttlMs });
    } catch {
      known.pending += hits; // the database is away: tried again at the next flush
    } finally {
      known.writing -= hits;
    }
  };

  const flush = async () => {
    timer = undefined;
    await Promise.all([...windows].filter(([, known]) => known.pending > 0).map(([key, known]) => write(key, known)));
  };

  const sweep = (now: number) => {
    for (const [key, known] of windows) if (known.expiresAt <= now) windows.delete(key);
  };

  return {
    flush,
    async hit(key, windowMs) {
      const now = Date.now();
      const known = windows.get(key);
      if (known && known.expiresAt > now) {
        known.pending += 1;
        timer ??= setTimeout(() => void flush(), flushMs).unref();
        return { count: known.shared + known.writing + known.pending, ttlMs: known.expiresAt - now };
      }
      if (windows.size > SWEEP_ABOVE) sweep(now);
      const counted = await limiter.hit(key, windowMs).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
      });
      if (!counted) {
        // The database is away: counted here alone, and written when it is back (decision 0056: reads go on).
        windows.set(key, { shared: 0, pending: 1, writing: 0, expiresAt: now + windowMs, windowMs });
        timer ??= setTimeout(() => void flush(), flushMs).unref();
        return { count: 1, ttlMs: windowMs };
      }
      windows.set(key, { shared: counted.count, pending: 0, writing: 0, expiresAt: now + counted.ttlMs, windowMs });
      return counted;
    },
  };
}

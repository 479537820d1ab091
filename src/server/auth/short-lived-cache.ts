import { keepRecent } from '../../shared/keep-recent';

/**
 * Values kept for at most `lifetimeMs` from the moment their load began (so a value is never
 * older than that), and at most `maxEntries` of them: the oldest goes first when full.
 */
export class ShortLivedCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  peek(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value`, read from its source at `loadedSince` (when its load began). */
  set(key: K, value: V, loadedSince: number): void {
    const expiresAt = loadedSince + this.lifetimeMs;
    if (expiresAt <= Date.now()) return;
    keepRecent(this.entries, key, { value, expiresAt }, this.maxEntries);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Concurrent loads of one key share one call. `forgetAll` makes later callers start afresh:
 * a load begun before a change must not answer for requests that come after it.
 */
export class SharedLoads<K, V> {
  private readonly pending = new Map<K, Promise<V>>();

  run(key: K, load: () => Promise<V>): Promise<V> {
    const running = this.pending.get(key);
    if (running) return running;
    const done = () => {
      if (this.pending.get(key) === started) this.pending.delete(key);
    };
    const started = load().finally(done);
    this.pending.set(key, started);
    return started;
  }

  forgetAll(): void {
    this.pending.clear();
  }
}

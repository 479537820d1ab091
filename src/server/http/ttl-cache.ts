import { keepRecent } from '../../shared/keep-recent';

interface Entry<V> {
  /** When the computation that gave this value started: the data is at least that fresh. */
  startedAt: number;
  value: Promise<V>;
  /** A newer computation under way, started once this entry is past REFRESH_AT of its life. */
  refresh?: Entry<V>;
}

/** When an entry starts being refreshed: late, so a key costs about one computation per ttl. */
const REFRESH_AT = 0.75;

/**
 * Remembers answers for at most `ttlMs`, counted from the start of the computation that
 * gave them, sharing one computation between concurrent callers. Past REFRESH_AT of its life
 * an entry is still served while one caller's request computes its replacement in the
 * background, so a busy key never makes anyone wait. `clear()` forgets everything, including
 * what computations already under way would have stored. Failures are not remembered.
 * The oldest entries go first when it is full.
 */
export function createTtlCache<V>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, Entry<V>>();
  let generation = 0;

  function start(key: string, compute: () => Promise<V>, now: number): Entry<V> {
    const startedIn = generation;
    const entry: Entry<V> = { startedAt: now, value: compute() };
    entry.value.then(
      () => {
        if (startedIn !== generation) return;
        const current = entries.get(key);
        // A refresh replaces what it refreshes; a first computation is stored already.
        if (current?.refresh === entry) store(key, entry);
      },
      () => {
        const current = entries.get(key);
        if (current === entry) entries.delete(key);
        else if (current?.refresh === entry) delete current.refresh;
      },
    );
    return entry;
  }

  const store = (key: string, entry: Entry<V>) => keepRecent(entries, key, entry, maxEntries);

  return {
    get(key: string, compute: () => Promise<V>): Promise<V> {
      if (ttlMs <= 0) return compute();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit) {
        const age = now - hit.startedAt;
        if (age < ttlMs) {
          if (age >= ttlMs * REFRESH_AT && !hit.refresh) hit.refresh = start(key, compute, now);
          return hit.value;
        }
        if (hit.refresh && now - hit.refresh.startedAt < ttlMs) return hit.refresh.value;
      }
      const entry = start(key, compute, now);
      store(key, entry);
      return entry.value;
    },
    clear(): void {
      generation++;
      entries.clear();
    },
  };
}

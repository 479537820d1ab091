/**
 * Remembers answers for a short time, sharing one computation between concurrent callers.
 * Failures are not remembered. The oldest entries go first when it is full.
 */
export function createTtlCache<V>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { expires: number; value: Promise<V> }>();

  return {
    get(key: string, compute: () => Promise<V>): Promise<V> {
      if (ttlMs <= 0) return compute();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = compute();
      entries.delete(key);
      entries.set(key, { expires: now + ttlMs, value });
      value.catch(() => entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

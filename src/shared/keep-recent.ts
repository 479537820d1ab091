/**
 * Puts `key` last in `map`, as the most recently used (a Map keeps the order keys were set in),
 * and drops the least recently used past `max`. Every bounded cache of the app keeps its order so.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

/**
 * A small deterministic random generator (mulberry32), so generated catalogues and test data
 * are the same on every run.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Zipf-like: the first items are far more frequent, as in real prose. */
  const pickSkewed = <T>(items: readonly T[]): T => items[Math.floor(next() ** 2.5 * items.length)]!;
  /** Between min and max distinct items. */
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const wanted = min + Math.floor(next() * (max - min + 1));
    return [...new Set(Array.from({ length: wanted }, () => pick(items)))];
  };
  const words = (from: readonly string[], count: number) => Array.from({ length: count }, () => pick(from)).join(' ');
  return { next, pick, pickSkewed, some, words };
}

/**
 * The first `limit` items in the order `ranksAbove` gives (a strict order: ties keep no
 * promise), best first: one pass that keeps only those, instead of sorting every item.
 */
export function bestOf<T>(items: Iterable<T>, limit: number, ranksAbove: (a: T, b: T) => boolean): T[] {
  const best: T[] = [];
  if (limit <= 0) return best;
  for (const item of items) {
    let place = best.length;
    while (place > 0 && ranksAbove(item, best[place - 1]!)) place--;
    if (place >= limit) continue;
    best.splice(place, 0, item);
    if (best.length > limit) best.pop();
  }
  return best;
}

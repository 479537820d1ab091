/** The index of the first string in `sorted` (ascending, by `<`) that is not below `target`: where a prefix's run begins. */
export function lowerBound(sorted: readonly string[], target: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

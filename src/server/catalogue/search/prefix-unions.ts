import { keepRecent } from '../../../shared/keep-recent';

const MAX_PREFIX_UNIONS = 64;

/**
 * For prefixes that would cost too much to expand at every search ("a" may cover the
 * catalogue many times over; "1" may start 10,000 numbers): per position, the best weight
 * among the game's words that start with the prefix (0: none). Built on first use, kept
 * current by put and remove; the least recently used goes when there are too many.
 */
export class PrefixUnions {
  /** In order of use, the least recent first. */
  private readonly unions = new Map<string, Uint8Array>();
  private readonly prefixLengths = new Set<number>();

  get(prefix: string): Uint8Array | undefined {
    const union = this.unions.get(prefix);
    if (union) keepRecent(this.unions, prefix, union, MAX_PREFIX_UNIONS);
    return union;
  }

  add(prefix: string, union: Uint8Array): void {
    keepRecent(this.unions, prefix, union, MAX_PREFIX_UNIONS);
    this.prefixLengths.add(prefix.length);
  }

  addGame(position: number, wordWeights: Map<string, number>): void {
    if (this.unions.size === 0) return;
    for (const [prefix, weight] of this.bestWeightsOf(wordWeights)) {
      let union = this.unions.get(prefix)!;
      if (position >= union.length) this.unions.set(prefix, (union = grown(union, position + 1)));
      union[position] = weight;
    }
  }

  removeGame(position: number): void {
    for (const union of this.unions.values()) if (position < union.length) union[position] = 0;
  }

  private bestWeightsOf(wordWeights: Map<string, number>): Map<string, number> {
    const best = new Map<string, number>();
    for (const [word, weight] of wordWeights) {
      for (const length of this.prefixLengths) {
        const prefix = word.slice(0, length);
        if (prefix.length === length && this.unions.has(prefix)) best.set(prefix, Math.max(weight, best.get(prefix) ?? 0));
      }
    }
    return best;
  }
}

function grown(array: Uint8Array, minimumLength: number): Uint8Array {
  const larger = new Uint8Array(Math.max(minimumLength, array.length * 2));
  larger.set(array);
  return larger;
}

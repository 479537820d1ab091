/** pg_trgm's trigrams of one word, in order: those of "  word ". */
export function trigramSequenceOf(word: string): string[] {
  const padded = `  ${word} `;
  return Array.from({ length: padded.length - 2 }, (_, start) => padded.slice(start, start + 3));
}

/** pg_trgm's trigrams of one word, as a set. */
export const trigramsOf = (word: string): string[] => [...new Set(trigramSequenceOf(word))];

/**
 * pg_trgm's word_similarity(queryWord, word), which the SQL search's `<%` used: the best
 * similarity between the query word's trigrams and a run of consecutive trigrams of the
 * word, so "humfeild" is 0.44 like "humf" (the whole words are only 0.38 alike).
 */
export function wordSimilarity(queryWord: string, word: string): number {
  return bestRunSimilarity(new Set(trigramSequenceOf(queryWord)), word);
}

export function bestRunSimilarity(wanted: ReadonlySet<string>, word: string): number {
  const sequence = trigramSequenceOf(word);
  let best = 0;
  for (let start = 0; start < sequence.length; start++) {
    let runSize = 0;
    let common = 0;
    for (let end = start; end < sequence.length; end++) {
      if (occursBetween(sequence, start, end)) continue;
      runSize++;
      if (wanted.has(sequence[end]!)) common++;
      best = Math.max(best, common / (wanted.size + runSize - common));
    }
  }
  return best;
}

/** Whether sequence[end] already occurs in sequence[start..end). */
function occursBetween(sequence: readonly string[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (sequence[i] === sequence[end]) return true;
  return false;
}

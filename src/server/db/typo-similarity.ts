/**
 * How alike a search must be to a title's words to find it despite a typo (pg_trgm word
 * similarity). The SQL search sets it per connection, so `text <% title` (which the trigram
 * index serves) applies it; the in-memory search uses the same value. A module of its own so
 * that the in-memory search does not load the database drivers.
 */
export const TYPO_SIMILARITY = 0.4;

/** Longer "words" are not words people type; each spelling costs the SQL an index scan. */
const LONGEST_WORD_WITH_SWAPS = 32;

/**
 * The spellings a typed word is tried as: itself and each spelling with two adjacent letters
 * swapped back. Trigrams alone miss a swap near the start of a word ("tbale" shares no leading
 * trigram with "table"), so a swap counts as one edit by trying the word with it undone.
 */
export function typoSpellingsOf(word: string): string[] {
  const letters = [...word];
  const spellings = new Set([word]);
  if (letters.length > LONGEST_WORD_WITH_SWAPS) return [word];
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    spellings.add(swapped.join(''));
  }
  return [...spellings];
}

/**
 * The trigrams of a text as PostgreSQL's pg_trgm makes them: lower case, words of letters and
 * digits, each padded with two spaces in front and one behind.
 */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue;
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) trigrams.add(padded.slice(at, at + 3));
  }
  return trigrams;
}

/**
 * Taglines as numbered trigrams, so comparing one with many is a pass over small integer
 * arrays rather than string lookups: pg_trgm's `similarity`, shared trigrams over all of them.
 */
export class TaglineTrigrams {
  private readonly numbers = new Map<string, number>();
  private marks = new Uint8Array(0);

  /** The text's trigrams as numbers (new trigrams get the next numbers). */
  numbered(text: string): Int32Array {
    return Int32Array.from(trigramsOf(text), (trigram) => {
      let number = this.numbers.get(trigram);
      if (number === undefined) this.numbers.set(trigram, (number = this.numbers.size));
      return number;
    });
  }

  /** How alike `source` reads to each of `others`, from 0 to 1. */
  similarities(source: string, others: readonly Int32Array[]): Float64Array {
    const trigrams = trigramsOf(source);
    const known = [...trigrams].flatMap((trigram) => this.numbers.get(trigram) ?? []);
    const sourceSize = trigrams.size;
    if (this.marks.length < this.numbers.size) this.marks = new Uint8Array(this.numbers.size * 2);
    for (const number of known) this.marks[number] = 1;
    const alike = new Float64Array(others.length);
    const marks = this.marks;
    for (let index = 0; index < others.length; index++) {
      const other = others[index]!;
      let shared = 0;
      // Index loops: this runs for every candidate of every ranking made afresh.
      for (let at = 0; at < other.length; at++) shared += marks[other[at]!]!;
      const all = sourceSize + other.length - shared;
      alike[index] = all === 0 ? 0 : shared / all;
    }
    for (const number of known) this.marks[number] = 0;
    return alike;
  }
}

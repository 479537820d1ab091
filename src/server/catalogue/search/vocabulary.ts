import { stemmer } from 'stemmer';
import { lowerBound } from '../../../shared/sorted-strings';
import { TYPO_SIMILARITY, typoSpellingsOf } from '../../db/typo-similarity';
import { bestRunSimilarity, trigramSequenceOf, trigramsOf } from './trigrams';

/**
 * The words ever indexed, each with a term id, and three ways to find terms for a query
 * word: by stem, by prefix, by title-word trigrams. Words are never forgotten: a word whose
 * games are gone keeps an empty postings list, which matches nothing.
 */
export class Vocabulary {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Words of one stem form a chain: the last one added, then nextWithSameStem, until -1. */
  private readonly lastWithStem = new Map<string, number>();
  private readonly nextWithSameStem: number[] = [];
  private sortedWords: string[] = [];
  private sortedWordsAreStale = false;
  private readonly titleTrigrams = new Map<string, number[]>();
  private readonly seenInTitle: boolean[] = [];
  /** Scratch for countSharedTrigrams, by term id, all zero between searches. */
  private sharedCounts = new Int32Array(0);
  private readonly countedIds: number[] = [];

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  add(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    const id = this.words.length;
    this.words.push(word);
    this.ids.set(word, id);
    this.seenInTitle.push(false);
    const stem = stemmer(word);
    this.nextWithSameStem.push(this.lastWithStem.get(stem) ?? -1);
    this.lastWithStem.set(stem, id);
    this.sortedWords.push(word);
    this.sortedWordsAreStale = true;
    return id;
  }

  markSeenInTitle(id: number): void {
    if (this.seenInTitle[id]) return;
    this.seenInTitle[id] = true;
    for (const trigram of trigramsOf(this.words[id]!)) {
      const ids = this.titleTrigrams.get(trigram);
      if (ids) ids.push(id);
      else this.titleTrigrams.set(trigram, [id]);
    }
  }

  /** The word itself and every word with the same stem. */
  sameStemAs(word: string): number[] {
    const ids: number[] = [];
    for (let id = this.lastWithStem.get(stemmer(word)) ?? -1; id >= 0; id = this.nextWithSameStem[id]!) ids.push(id);
    return ids;
  }

  startingWith(prefix: string): number[] {
    const sorted = this.sorted();
    const ids: number[] = [];
    for (let index = lowerBound(sorted, prefix); index < sorted.length; index++) {
      const word = sorted[index]!;
      if (!word.startsWith(prefix)) break;
      ids.push(this.ids.get(word)!);
    }
    return ids;
  }

  /**
   * Title words whose word similarity to the query word, as typed or with two adjacent letters
   * swapped (typoSpellingsOf), reaches TYPO_SIMILARITY, except those the query word begins: as
   * prefix matches they already score more than any typo. Each word comes once, at its best.
   */
  nearMissesInTitles(queryWord: string): { id: number; similarity: number }[] {
    const best = new Map<number, number>();
    for (const spelling of typoSpellingsOf(queryWord)) {
      for (const { id, similarity } of this.nearMissesOfSpelling(spelling, queryWord)) {
        if (similarity > (best.get(id) ?? 0)) best.set(id, similarity);
      }
    }
    return [...best].map(([id, similarity]) => ({ id, similarity }));
  }

  private nearMissesOfSpelling(spelling: string, queryWord: string): { id: number; similarity: number }[] {
    const wanted = new Set(trigramSequenceOf(spelling));
    const counts = this.countSharedTrigrams(wanted);
    const nearMisses: { id: number; similarity: number }[] = [];
    for (const id of this.countedIds) {
      const common = counts[id]!;
      counts[id] = 0;
      const word = this.words[id]!;
      // No run of the word can score above common / wanted.size: skip the hopeless ones.
      if (common / wanted.size < TYPO_SIMILARITY || word.startsWith(queryWord)) continue;
      const similarity = bestRunSimilarity(wanted, word);
      if (similarity >= TYPO_SIMILARITY) nearMisses.push({ id, similarity });
    }
    return nearMisses;
  }

  /** Counts, per title word sharing any of the trigrams, how many it shares; fills countedIds. */
  private countSharedTrigrams(trigrams: ReadonlySet<string>): Int32Array {
    if (this.sharedCounts.length < this.words.length) this.sharedCounts = new Int32Array(this.words.length * 2);
    const counts = this.sharedCounts;
    this.countedIds.length = 0;
    for (const trigram of trigrams) {
      for (const id of this.titleTrigrams.get(trigram) ?? []) {
        if (counts[id] === 0) this.countedIds.push(id);
        counts[id]!++;
      }
    }
    return counts;
  }

  /** Sorted on demand: new words are appended, and a sort of one sorted run plus a short tail is cheap. */
  private sorted(): string[] {
    if (this.sortedWordsAreStale) {
      this.sortedWords.sort();
      this.sortedWordsAreStale = false;
    }
    return this.sortedWords;
  }
}

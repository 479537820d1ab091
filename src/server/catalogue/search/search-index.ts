import { IntLists } from './int-lists';
import { PrefixUnions } from './prefix-unions';
import { Vocabulary } from './vocabulary';

export interface SearchableText {
  title: string;
  tagline: string;
  /** Markdown, up to ~10,000 characters. */
  description: string;
  developer: string;
  categoryNames: readonly string[];
}

export interface SearchHits {
  /** Every matching position, in no particular order. */
  positions: Int32Array;
  /** Relevance of positions[i]; higher is better. */
  scores: Float64Array;
}

export interface SearchIndexOptions {
  /** A prefix whose words hold at least this many postings gets a prefix union (see PrefixUnions). */
  prefixUnionFrom?: number;
}

const TITLE_WEIGHT = 4;
const TAGLINE_WEIGHT = 2;
const BODY_WEIGHT = 1;
const PREFIX_SHARE = 0.5;
/** A typo scores at most half a title word, so a word spelt right always beats it. */
const TYPO_SHARE = 0.5;
const EXACT_TITLE_BONUS = 10;

/** Postings and records pack a field weight (1, 2 or 4) into the low 3 bits. */
const WEIGHT_BITS = 3;
const WEIGHT_MASK = 7;
const MAX_POSITION = 2 ** (31 - WEIGHT_BITS) - 1;

/** A prefix of this many words gets a union even when they are rare: merging them costs more than their postings. */
const PREFIX_UNION_TERMS = 256;

export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Each word of the game with the weight of the best field it appears in. */
function weightedWordsOf(text: SearchableText): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (source: string, weight: number) => {
    for (const word of wordsOf(source)) weights.set(word, Math.max(weight, weights.get(word) ?? 0));
  };
  add(text.description, BODY_WEIGHT);
  add(text.developer, BODY_WEIGHT);
  add(text.tagline, TAGLINE_WEIGHT);
  for (const name of text.categoryNames) add(name, TAGLINE_WEIGHT);
  add(text.title, TITLE_WEIGHT);
  return weights;
}

const scoresByWeight = (share: number) => Float64Array.from({ length: TITLE_WEIGHT + 1 }, (_, weight) => weight * share);
const WHOLE_WORD_SCORES = scoresByWeight(1);
const PREFIX_SCORES = scoresByWeight(PREFIX_SHARE);

/** A typo counts only in the title. */
function typoScores(similarity: number): Float64Array {
  const scores = new Float64Array(TITLE_WEIGHT + 1);
  scores[TITLE_WEIGHT] = TYPO_SHARE * TITLE_WEIGHT * similarity;
  return scores;
}

/**
 * What one query word matches: terms (each with the score of a posting by its field weight,
 * 1, 2 or 4), maybe a prefix union, and how many entries that is, to evaluate the rarest word first.
 */
interface WordMatches {
  terms: { term: number; scoreByWeight: Float64Array }[];
  prefixUnion: Uint8Array | undefined;
  entryCount: number;
}

/** Per position scratch arrays, reused by every search (Node runs one search at a time). */
class Scratch {
  /** The current query word's best score per position; all zero between uses. */
  wordScore = new Float64Array(0);
  score = new Float64Array(0);
  /** How many query words, in evaluation order, the position has matched so far. */
  matchedWords = new Int32Array(0);
  firstWordHits = new Int32Array(0);
  laterWordHits = new Int32Array(0);

  fit(capacity: number): void {
    if (this.score.length >= capacity) return;
    this.wordScore = new Float64Array(capacity);
    this.score = new Float64Array(capacity);
    this.matchedWords = new Int32Array(capacity);
    this.firstWordHits = new Int32Array(capacity);
    this.laterWordHits = new Int32Array(capacity);
  }
}

const noHits = (): SearchHits => ({ positions: new Int32Array(0), scores: new Float64Array(0) });

/**
 * In-memory full-text search over the games, each known by a small integer position.
 *
 * Every query word must match the game, as a whole word (or a word of the same English
 * stem), as a prefix of a word, or as a typo of a title word (pg_trgm word similarity
 * >= TYPO_SIMILARITY, measured against each title word on its own, of the word as typed or
 * with two adjacent letters swapped: typoSpellingsOf).
 *
 * Score: each query word adds its best match in the game: a whole word weighs 4 in the
 * title, 2 in the tagline or a category name, 1 in the description or developer; a prefix
 * weighs half of that; a typo weighs 2 × word similarity. The exact title (all the query's
 * words, in order) adds 10, so it comes first.
 *
 * A search reads the postings of each query word's terms, rarest word first, into per
 * position scratch arrays, so its cost follows the postings read, not the catalogue size.
 */
export class SearchIndex {
  private readonly vocabulary = new Vocabulary();
  /** List per term id: position << 3 | weight of the game's best field holding the term. */
  private readonly postings = new IntLists(0.25);
  /** List per position: termId << 3 | weight, sorted, so remove() knows which postings to edit. */
  private readonly records = new IntLists(0);
  /** List per position: the term ids of the title's words, in order, to recognise the exact title. */
  private readonly titles = new IntLists(0);
  private positionCount = 0;
  private readonly prefixUnions = new PrefixUnions();
  private readonly prefixUnionFrom: number;
  private readonly scratch = new Scratch();

  /** Goes up whenever what a search can find changes, so its answers can be remembered until then. */
  version = 0;

  constructor(options: SearchIndexOptions = {}) {
    this.prefixUnionFrom = options.prefixUnionFrom ?? 100_000;
  }

  put(position: number, text: SearchableText): void {
    checkPosition(position);
    const weights = weightedWordsOf(text);
    const titleWords = wordsOf(text.title);
    if (this.holds(position, weights, titleWords)) return;
    this.remove(position);
    this.version++;
    const record = this.recordOf(weights, (word) => this.vocabulary.add(word))!;
    for (const entry of record) {
      const term = entry >> WEIGHT_BITS;
      const weight = entry & WEIGHT_MASK;
      this.postings.push(term, (position << WEIGHT_BITS) | weight);
      if (weight === TITLE_WEIGHT) this.vocabulary.markSeenInTitle(term);
    }
    this.records.replace(position, record);
    this.titles.replace(position, this.termsOf(titleWords)!);
    this.prefixUnions.addGame(position, weights);
    this.positionCount = Math.max(this.positionCount, position + 1);
  }

  remove(position: number): void {
    checkPosition(position);
    if (this.records.lengthOf(position) > 0) this.version++;
    for (const entry of this.records.view(position)) {
      this.postings.removeValue(entry >> WEIGHT_BITS, (position << WEIGHT_BITS) | (entry & WEIGHT_MASK));
    }
    this.records.clear(position);
    this.titles.clear(position);
    this.prefixUnions.removeGame(position);
  }

  search(query: string): SearchHits {
    const queryWords = wordsOf(query);
    this.scratch.fit(this.positionCount);
    const matches = [...new Set(queryWords)].map((word) => this.matchesOf(word));
    if (matches.length === 0 || matches.some((word) => word.entryCount === 0)) return noHits();
    matches.sort((a, b) => a.entryCount - b.entryCount);
    const candidateCount = this.scoreWord(matches[0]!, 0, this.scratch.firstWordHits);
    let hits = this.scratch.firstWordHits;
    let hitCount = candidateCount;
    for (let index = 1; index < matches.length && hitCount > 0; index++) {
      hits = this.scratch.laterWordHits;
      hitCount = this.scoreWord(matches[index]!, index, hits);
    }
    const result = this.scoredHits(hits.subarray(0, hitCount), matches.length, this.termsOf(queryWords));
    this.clearScratch(candidateCount);
    return result;
  }

  /** True when the position already holds exactly these words and title. */
  private holds(position: number, weights: Map<string, number>, titleWords: string[]): boolean {
    if (this.records.lengthOf(position) === 0) return false;
    const record = this.recordOf(weights, (word) => this.vocabulary.idOf(word));
    const title = this.termsOf(titleWords);
    if (record === undefined || title === undefined) return false;
    return this.records.holds(position, record) && this.titles.holds(position, title);
  }

  /** The sorted record of the words, or undefined when termIdOf does not know one of them. */
  private recordOf(weights: Map<string, number>, termIdOf: (word: string) => number | undefined) {
    const record = new Int32Array(weights.size);
    let index = 0;
    for (const [word, weight] of weights) {
      const term = termIdOf(word);
      if (term === undefined) return undefined;
      record[index++] = (term << WEIGHT_BITS) | weight;
    }
    return record.sort();
  }

  /** The term ids of the words, or undefined when one is not in the vocabulary. */
  private termsOf(words: readonly string[]): Int32Array | undefined {
    const terms = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) {
      const term = this.vocabulary.idOf(words[i]!);
      if (term === undefined) return undefined;
      terms[i] = term;
    }
    return terms;
  }

  private matchesOf(word: string): WordMatches {
    const scoresByTerm = new Map<number, Float64Array>();
    const offer = (term: number, scoreByWeight: Float64Array) => {
      const current = scoresByTerm.get(term);
      const best = current ? current.map((score, weight) => Math.max(score, scoreByWeight[weight]!)) : scoreByWeight;
      scoresByTerm.set(term, best);
    };
    for (const term of this.vocabulary.sameStemAs(word)) offer(term, WHOLE_WORD_SCORES);
    for (const { id, similarity } of this.vocabulary.nearMissesInTitles(word)) offer(id, typoScores(similarity));
    const cachedUnion = this.prefixUnions.get(word);
    const prefixTerms = cachedUnion ? [] : this.vocabulary.startingWith(word);
    const prefixUnion = cachedUnion ?? this.unionIfLarge(word, prefixTerms);
    if (!prefixUnion) for (const term of prefixTerms) offer(term, PREFIX_SCORES);
    const terms = [...scoresByTerm].map(([term, scoreByWeight]) => ({ term, scoreByWeight }));
    const postingCount = terms.reduce((sum, { term }) => sum + this.postings.lengthOf(term), 0);
    return { terms, prefixUnion, entryCount: postingCount + (prefixUnion?.length ?? 0) };
  }

  /** The prefix's union, made now if its words are too many, or hold too many postings, to merge at every search. */
  private unionIfLarge(prefix: string, terms: readonly number[]): Uint8Array | undefined {
    if (terms.length < 2) return undefined;
    const postingCount = terms.reduce((sum, term) => sum + this.postings.lengthOf(term), 0);
    if (postingCount < this.prefixUnionFrom && terms.length < PREFIX_UNION_TERMS) return undefined;
    const union = new Uint8Array(this.positionCount);
    const { data, start, length } = this.postings;
    for (const term of terms) {
      for (let i = start[term]!, end = i + length[term]!; i < end; i++) {
        const position = data[i]! >> WEIGHT_BITS;
        union[position] = Math.max(union[position]!, data[i]! & WEIGHT_MASK);
      }
    }
    this.prefixUnions.add(prefix, union);
    return union;
  }

  /**
   * Adds the word's best score to every position that matched the words before it
   * (matchedWords === wordIndex) and matches this one too; writes those positions to hits.
   */
  private scoreWord(matches: WordMatches, wordIndex: number, hits: Int32Array): number {
    let hitCount = 0;
    for (const { term, scoreByWeight } of matches.terms) {
      hitCount = this.scorePostings(term, scoreByWeight, wordIndex, hits, hitCount);
    }
    if (matches.prefixUnion) hitCount = this.scorePrefixUnion(matches.prefixUnion, wordIndex, hits, hitCount);
    const { wordScore, score, matchedWords } = this.scratch;
    for (let i = 0; i < hitCount; i++) {
      const position = hits[i]!;
      score[position]! += wordScore[position]!;
      matchedWords[position] = wordIndex + 1;
      wordScore[position] = 0;
    }
    return hitCount;
  }

  private scorePostings(term: number, scoreByWeight: Float64Array, wordIndex: number, hits: Int32Array, hitCount: number): number {
    const { wordScore, matchedWords } = this.scratch;
    const { data, start, length } = this.postings;
    for (let i = start[term]!, end = i + length[term]!; i < end; i++) {
      const entry = data[i]!;
      const position = entry >> WEIGHT_BITS;
      if (matchedWords[position] !== wordIndex) continue;
      const entryScore = scoreByWeight[entry & WEIGHT_MASK]!;
      if (entryScore === 0) continue;
      if (wordScore[position] === 0) hits[hitCount++] = position;
      if (entryScore > wordScore[position]!) wordScore[position] = entryScore;
    }
    return hitCount;
  }

  private scorePrefixUnion(union: Uint8Array, wordIndex: number, hits: Int32Array, hitCount: number): number {
    const { wordScore, matchedWords } = this.scratch;
    for (let position = 0; position < union.length; position++) {
      const weight = union[position]!;
      if (weight === 0 || matchedWords[position] !== wordIndex) continue;
      const entryScore = PREFIX_SCORES[weight]!;
      if (wordScore[position] === 0) hits[hitCount++] = position;
      if (entryScore > wordScore[position]!) wordScore[position] = entryScore;
    }
    return hitCount;
  }

  private scoredHits(hits: Int32Array, distinctWordCount: number, queryTerms: Int32Array | undefined): SearchHits {
    const positions = hits.slice();
    const scores = new Float64Array(positions.length);
    // Only a game with every query word whole in its title can have it as its exact title.
    const exactTitleScore = distinctWordCount * TITLE_WEIGHT;
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i]!;
      const score = this.scratch.score[position]!;
      const isExactTitle = score >= exactTitleScore && queryTerms !== undefined && this.titles.holds(position, queryTerms);
      scores[i] = isExactTitle ? score + EXACT_TITLE_BONUS : score;
    }
    return { positions, scores };
  }

  /** Every position with a score or a matched word was a hit of the first word. */
  private clearScratch(candidateCount: number): void {
    const { firstWordHits, score, matchedWords } = this.scratch;
    for (let i = 0; i < candidateCount; i++) {
      const position = firstWordHits[i]!;
      score[position] = 0;
      matchedWords[position] = 0;
    }
  }
}

function checkPosition(position: number): void {
  if (!Number.isInteger(position) || position < 0 || position > MAX_POSITION) {
    throw new RangeError(`A search position is an integer from 0 to ${MAX_POSITION}, not ${position}`);
  }
}

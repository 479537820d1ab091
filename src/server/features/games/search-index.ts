import { stemmer } from 'stemmer';

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

/**
 * Same value as TYPO_SIMILARITY in db/client.ts (the SQL search's pg_trgm threshold); kept
 * here so that this module does not load the database drivers.
 */
export const TYPO_SIMILARITY = 0.4;

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

const MAX_PREFIX_UNIONS = 64;
/** A prefix of this many words gets a union even when they are rare: merging them costs more than their postings. */
const PREFIX_UNION_TERMS = 256;

export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** pg_trgm's trigrams of one word, in order: those of "  word ". */
function trigramSequenceOf(word: string): string[] {
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

function bestRunSimilarity(wanted: ReadonlySet<string>, word: string): number {
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

/**
 * Many growable lists of integers in one buffer, by list number: 100,000 small typed arrays
 * would cost more memory, and garbage-collector time, than their data. A list that outgrows
 * its block moves to the end of the buffer. A full buffer grows by half, or, when holes
 * left behind by moves take half of it, is rebuilt without them, each list keeping `slack`
 * (a share of its length) to grow into.
 */
class IntLists {
  data = new Int32Array(1024);
  start = new Int32Array(0);
  length = new Int32Array(0);
  private capacity = new Int32Array(0);
  private used = 0;
  private holes = 0;

  constructor(private readonly slack: number) {}

  lengthOf(list: number): number {
    return list < this.length.length ? this.length[list]! : 0;
  }

  view(list: number): Int32Array {
    const from = list < this.start.length ? this.start[list]! : 0;
    return this.data.subarray(from, from + this.lengthOf(list));
  }

  holds(list: number, values: Int32Array): boolean {
    if (this.lengthOf(list) !== values.length) return false;
    const from = this.start[list]!;
    return values.every((value, i) => this.data[from + i] === value);
  }

  push(list: number, value: number): void {
    this.ensureList(list);
    const length = this.length[list]!;
    if (length === this.capacity[list]) this.move(list, Math.max(2, Math.ceil(length * 1.5)));
    this.data[this.start[list]! + length] = value;
    this.length[list] = length + 1;
  }

  /** Removes one occurrence of the value; the last value takes its place. */
  removeValue(list: number, value: number): void {
    const index = this.view(list).indexOf(value);
    if (index < 0) return;
    const last = this.length[list]! - 1;
    this.data[this.start[list]! + index] = this.data[this.start[list]! + last]!;
    this.length[list] = last;
  }

  replace(list: number, values: Int32Array): void {
    this.ensureList(list);
    this.length[list] = 0;
    if (values.length > this.capacity[list]!) this.move(list, values.length);
    this.data.set(values, this.start[list]);
    this.length[list] = values.length;
  }

  clear(list: number): void {
    if (list >= this.length.length) return;
    this.holes += this.capacity[list]!;
    this.capacity[list] = 0;
    this.length[list] = 0;
  }

  private ensureList(list: number): void {
    if (list < this.length.length) return;
    const count = Math.max(list + 1, this.length.length * 2, 64);
    this.start = resized(this.start, count);
    this.length = resized(this.length, count);
    this.capacity = resized(this.capacity, count);
  }

  private move(list: number, capacity: number): void {
    if (this.used + capacity > this.data.length) this.makeRoom(capacity);
    const from = this.start[list]!;
    this.data.copyWithin(this.used, from, from + this.length[list]!);
    this.holes += this.capacity[list]!;
    this.start[list] = this.used;
    this.capacity[list] = capacity;
    this.used += capacity;
  }

  private makeRoom(wanted: number): void {
    if (this.holes * 2 > this.used) {
      this.rebuild(wanted);
    } else {
      const data = new Int32Array(Math.ceil((this.used + wanted) * 1.5));
      data.set(this.data.subarray(0, this.used));
      this.data = data;
    }
  }

  /** Copies every list into a new buffer, holes left out, with room for `wanted` more. */
  private rebuild(wanted: number): void {
    const capacities = this.length.map((length) => (length === 0 ? 0 : Math.ceil(length * (1 + this.slack))));
    const total = capacities.reduce((sum, capacity) => sum + capacity, 0);
    const data = new Int32Array(Math.ceil((total + wanted) * 1.25));
    let at = 0;
    for (let list = 0; list < this.start.length; list++) {
      for (let from = this.start[list]!, i = 0; i < this.length[list]!; i++) data[at + i] = this.data[from + i]!;
      this.start[list] = at;
      at += capacities[list]!;
    }
    this.data = data;
    this.capacity = capacities;
    this.used = at;
    this.holes = 0;
  }
}

function resized(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(length);
  larger.set(array.subarray(0, Math.min(array.length, length)));
  return larger;
}

/**
 * The words ever indexed, each with a term id, and three ways to find terms for a query
 * word: by stem, by prefix, by title-word trigrams. Words are never forgotten: a word whose
 * games are gone keeps an empty postings list, which matches nothing.
 */
class Vocabulary {
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
   * Title words whose word similarity to the query word reaches TYPO_SIMILARITY, except those
   * it begins: as prefix matches they already score more than any typo.
   */
  nearMissesInTitles(queryWord: string): { id: number; similarity: number }[] {
    const wanted = new Set(trigramSequenceOf(queryWord));
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

function lowerBound(sorted: readonly string[], target: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * For prefixes that would cost too much to expand at every search ("a" may cover the
 * catalogue many times over; "1" may start 10,000 numbers): per position, the best weight
 * among the game's words that start with the prefix (0: none). Built on first use, kept
 * current by put and remove; the least recently used goes when there are too many.
 */
class PrefixUnions {
  /** In order of use, the least recent first. */
  private readonly unions = new Map<string, Uint8Array>();
  private readonly prefixLengths = new Set<number>();

  get(prefix: string): Uint8Array | undefined {
    const union = this.unions.get(prefix);
    if (union) {
      this.unions.delete(prefix);
      this.unions.set(prefix, union);
    }
    return union;
  }

  add(prefix: string, union: Uint8Array): void {
    if (this.unions.size >= MAX_PREFIX_UNIONS) this.unions.delete(this.unions.keys().next().value!);
    this.unions.set(prefix, union);
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
 * >= TYPO_SIMILARITY, measured against each title word on its own).
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

  constructor(options: SearchIndexOptions = {}) {
    this.prefixUnionFrom = options.prefixUnionFrom ?? 100_000;
  }

  put(position: number, text: SearchableText): void {
    checkPosition(position);
    const weights = weightedWordsOf(text);
    const titleWords = wordsOf(text.title);
    if (this.holds(position, weights, titleWords)) return;
    this.remove(position);
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

  private scorePostings(
    term: number,
    scoreByWeight: Float64Array,
    wordIndex: number,
    hits: Int32Array,
    hitCount: number,
  ): number {
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

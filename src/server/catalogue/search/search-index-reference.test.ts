import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test-support/seeded-random';
import { SearchIndex, type SearchableText, type SearchIndexOptions } from './search-index';

// The index against a brute-force reference of the same rules, written apart from it: the same
// matches and scores over 20,000 generated games, before and after heavy churn.

function indexOf(games: readonly SearchableText[], options?: SearchIndexOptions): SearchIndex {
  const index = new SearchIndex(options);
  games.forEach((text, position) => index.put(position, text));
  return index;
}

const titleWords = [
  'neon',
  'oracle',
  'harbour',
  'circuit',
  'garden',
  'sphinx',
  'ghosts',
  'tales',
  'kingdom',
  'lantern',
  'runner',
  'archive',
];
const bodyWords = [
  ...titleWords,
  'city',
  'rain',
  'runs',
  'running',
  'oracles',
  'gardens',
  'sea',
  'card',
  'dealer',
  'riddle',
  'riddles',
  'a',
  'the',
  'of',
  'and',
  'learns',
  'learned',
  'neural',
  'café',
  'über',
  'x2',
];
const categories = ['Role-playing', 'Turn-based', 'Strategy', 'Puzzle', 'Racing', 'Card game'];
const studios = ['Moth & Lamp', 'Tin Owl', 'Northlight', 'Paper Crane', 'Quartz'];

function generatedGame(random: ReturnType<typeof seededRandom>): SearchableText {
  return {
    title: random.words(titleWords, 1 + Math.floor(random.next() * 3)),
    tagline: random.words(bodyWords, 4),
    description: random.words(bodyWords, 10 + Math.floor(random.next() * 30)),
    developer: random.pick(studios),
    categoryNames: [random.pick(categories), random.pick(categories)],
  };
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Memoised, as the reference meets the same words again and again. */
function memo<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, compute(key));
    return known.get(key)!;
  };
}

const stemOf = memo(stemmer);

/** word_similarity by its definition: the best run of consecutive trigrams of the word. */
const referenceWordSimilarity = memo((pair: string) => {
  const [queryWord, word] = pair.split(' ') as [string, string];
  const trigrams = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => `  ${text} `.slice(i, i + 3));
  const wanted = new Set(trigrams(queryWord));
  const sequence = trigrams(word);
  let best = 0;
  for (let start = 0; start < sequence.length; start++) {
    for (let end = start + 1; end <= sequence.length; end++) {
      const run = new Set(sequence.slice(start, end));
      const common = [...run].filter((trigram) => wanted.has(trigram)).length;
      best = Math.max(best, common / (wanted.size + run.size - common));
    }
  }
  return best;
});

type WeightedWords = [words: string[], weight: number][];
interface ReferenceGame {
  fields: WeightedWords;
  titleKey: string;
}

const distinctWordsOf = (texts: string[]) => [...new Set(texts.flatMap(wordsOf))];

const referenceGameOf = (text: SearchableText): ReferenceGame => ({
  fields: [
    [distinctWordsOf([text.title]), 4],
    [distinctWordsOf([text.tagline, ...text.categoryNames]), 2],
    [distinctWordsOf([text.description, text.developer]), 1],
  ],
  titleKey: wordsOf(text.title).join(' '),
});

/** The query word and every spelling of it with one pair of neighbouring letters swapped. */
function withOneSwap(queryWord: string): string[] {
  const spellings = [queryWord];
  for (let i = 1; i < queryWord.length; i++) {
    spellings.push(queryWord.slice(0, i - 1) + queryWord[i] + queryWord[i - 1] + queryWord.slice(i + 1));
  }
  return spellings;
}

/** The best score of one query word against one word of the game, by the word's field weight. */
function referenceWordScore(queryWord: string, word: string, weight: number): number {
  let best = 0;
  if (stemOf(word) === stemOf(queryWord)) best = weight;
  else if (word.startsWith(queryWord)) best = weight / 2;
  const near = weight === 4 ? Math.max(...withOneSwap(queryWord).map((spelling) => referenceWordSimilarity(`${spelling} ${word}`))) : 0;
  return near >= 0.4 ? Math.max(best, 2 * near) : best;
}

type WordScorer = (word: string, weight: number) => number;

/** The matching and scoring rules, applied game by game with no index. */
function referenceScore({ fields, titleKey }: ReferenceGame, queryKey: string, scorers: WordScorer[]): number | undefined {
  let total = 0;
  for (const scoreOf of scorers) {
    let best = 0;
    for (const [words, weight] of fields) {
      for (const word of words) best = Math.max(best, scoreOf(word, weight));
    }
    if (best === 0) return undefined;
    total += best;
  }
  return total > 0 ? total + (titleKey === queryKey ? 10 : 0) : undefined;
}

/** Remembers the score of each (word, weight), which a small vocabulary repeats in every game. */
function scorerFor(queryWord: string): WordScorer {
  const knownByWeight = [1, 2, 3, 4].map(() => new Map<string, number>());
  return (word, weight) => {
    const known = knownByWeight[weight - 1]!;
    let score = known.get(word);
    if (score === undefined) known.set(word, (score = referenceWordScore(queryWord, word, weight)));
    return score;
  };
}

const referenceGames = new WeakMap<SearchableText, ReferenceGame>();

function referenceHits(games: readonly (SearchableText | undefined)[], query: string): Map<number, number> {
  const scorers = [...new Set(wordsOf(query))].map(scorerFor);
  const queryKey = wordsOf(query).join(' ');
  const hits = new Map<number, number>();
  games.forEach((text, position) => {
    if (!text) return;
    if (!referenceGames.has(text)) referenceGames.set(text, referenceGameOf(text));
    const score = referenceScore(referenceGames.get(text)!, queryKey, scorers);
    if (score !== undefined) hits.set(position, score);
  });
  return hits;
}

/** A letter dropped, replaced or (half the time) swapped with the next one. */
function typoOf(word: string, random: ReturnType<typeof seededRandom>): string {
  if (random.next() < 0.5) {
    const at = Math.floor(random.next() * (word.length - 1));
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
  const at = Math.floor(random.next() * word.length);
  return word.slice(0, at) + (random.next() < 0.5 ? '' : 'z') + word.slice(at + 1);
}

function generatedQueries(random: ReturnType<typeof seededRandom>): string[] {
  const queryWord = () => {
    const word = random.pick(bodyWords);
    const kind = random.next();
    if (kind < 0.3) return word;
    if (kind < 0.55) return word.slice(0, 1 + Math.floor(random.next() * 3));
    if (kind < 0.8) return typoOf(random.pick(titleWords), random);
    return random.pick(['sphinxes', 'run', 'learning', 'Turn-Based', 'zzqxj']);
  };
  return Array.from({ length: 40 }, () => (random.next() < 0.4 ? queryWord() : `${queryWord()} ${queryWord()}`));
}

/** Removes some games and replaces others, in the index and in the list alike. */
function churn(index: SearchIndex, games: (SearchableText | undefined)[], random: ReturnType<typeof seededRandom>): void {
  for (let i = 0; i < 2_000; i++) {
    const position = Math.floor(random.next() * games.length);
    if (random.next() < 0.5) {
      index.remove(position);
      games[position] = undefined;
    } else {
      games[position] = generatedGame(random);
      index.put(position, games[position]);
    }
  }
}

/** Checks every query against the reference; returns how many found something. */
function expectReferenceAnswers(index: SearchIndex, games: readonly (SearchableText | undefined)[], queries: string[]): number {
  let queriesWithHits = 0;
  for (const query of queries) {
    const expected = referenceHits(games, query);
    const hits = index.search(query);
    const actual = new Map([...hits.positions].map((position, i) => [position, hits.scores[i]!]));
    expect(
      [...actual.keys()].sort((a, b) => a - b),
      query,
    ).toEqual([...expected.keys()].sort((a, b) => a - b));
    const wrongScores = [...expected].filter(([position, score]) => Math.abs(actual.get(position)! - score) > 1e-9);
    expect(wrongScores, query).toEqual([]);
    if (expected.size > 0) queriesWithHits++;
  }
  return queriesWithHits;
}

describe('SearchIndex on 20,000 generated games', () => {
  it('finds the same games, with the same scores, as a search game by game', () => {
    const random = seededRandom(42);
    const games: (SearchableText | undefined)[] = Array.from({ length: 20_000 }, () => generatedGame(random));
    // A low threshold, so that common prefixes get their unions, and churn must keep them right.
    const index = indexOf(games as SearchableText[], { prefixUnionFrom: 5_000 });
    const queries = generatedQueries(random);
    expect(expectReferenceAnswers(index, games, queries)).toBeGreaterThan(20);
    churn(index, games, random);
    expect(expectReferenceAnswers(index, games, queries)).toBeGreaterThan(20);
  }, 60_000);
});

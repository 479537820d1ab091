import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { SearchIndex, type SearchableText, type SearchHits, type SearchIndexOptions } from './search-index';
import { trigramsOf, TYPO_SIMILARITY, wordSimilarity } from './trigrams';
import { seededRandom } from '../../../../test-support/seeded-random';

const game = (title: string, more: Partial<SearchableText> = {}): SearchableText => ({
  title,
  tagline: '',
  description: '',
  developer: '',
  categoryNames: [],
  ...more,
});

const catalogue: SearchableText[] = [
  game('Humfield', {
    tagline: 'A village that remembers you',
    description: 'Tend a quiet **village** where every neighbour is voiced by a language model.',
    developer: 'Moth & Lamp',
    categoryNames: ['Simulation'],
  }),
  game('Hearthwick Tales', {
    tagline: 'Cozy stories by the fire',
    description: 'Gather round and let the storyteller improvise a new legend each night.',
    developer: 'Tin Owl',
    categoryNames: ['Role-playing', 'Turn-based'],
  }),
  game('The Lying Sphinx', {
    tagline: 'Answer or be eaten',
    description: 'A sphinx asks riddles, and lies when it is losing.',
    developer: 'Paper Crane',
    categoryNames: ['Puzzle'],
  }),
  game('Slipstream Ghosts', {
    tagline: 'Race the echoes of yesterday',
    description: 'Your rival runs the lap you drove last week, learned by a small neural network.',
    developer: 'Brightwater',
    categoryNames: ['Racing'],
  }),
  game('Knucklewise', {
    tagline: 'A card game against a cunning dealer',
    description: 'The dealer learns your tells.',
    developer: 'Small Hours',
    categoryNames: ['Card game'],
  }),
  game('Neon Oracle', {
    tagline: 'Ask the city anything',
    description: 'A fortune teller in a rainy city.',
    developer: 'Northlight',
    categoryNames: ['Adventure'],
  }),
  game('Oracle of the Neon Harbour', {
    tagline: 'A neon oracle by the sea',
    description: 'Sail between islands and consult the oracle.',
    developer: 'Fathom',
    categoryNames: ['Adventure'],
  }),
  game('Neon Oracle Tactics', {
    tagline: 'The neon oracle goes to war',
    description: 'Command squads; the oracle predicts your moves.',
    developer: 'Quartz',
    categoryNames: ['Strategy', 'Turn-based'],
  }),
  game('Glass Kingdom', {
    tagline: 'Rule a fragile realm',
    description: 'Every decree is weighed by a council of advisers. One of them is an oracle.',
    developer: 'Northlight',
    categoryNames: ['Strategy'],
  }),
];

const HUMFIELD = 0;
const HEARTHWICK = 1;
const SPHINX = 2;
const GHOSTS = 3;
const KNUCKLEWISE = 4;
const NEON_ORACLE = 5;
const ORACLE_HARBOUR = 6;
const ORACLE_TACTICS = 7;
const GLASS_KINGDOM = 8;

function indexOf(games: readonly SearchableText[], options?: SearchIndexOptions): SearchIndex {
  const index = new SearchIndex(options);
  games.forEach((text, position) => index.put(position, text));
  return index;
}

/** Positions, best first (ties by position, so the order is stable). */
function ranked(hits: SearchHits): number[] {
  return [...hits.positions.keys()]
    .sort((a, b) => hits.scores[b]! - hits.scores[a]! || hits.positions[a]! - hits.positions[b]!)
    .map((i) => hits.positions[i]!);
}

/** [position, score] pairs, by position. */
const scored = (hits: SearchHits) =>
  [...hits.positions].map((position, i) => [position, hits.scores[i]!] as const).sort((a, b) => a[0] - b[0]);

const found = (index: SearchIndex, query: string) => ranked(index.search(query));
const foundSet = (index: SearchIndex, query: string) => [...index.search(query).positions].sort((a, b) => a - b);

describe('SearchIndex on a small catalogue', () => {
  const index = indexOf(catalogue);

  it('puts the exact title first, even among games sharing its words', () => {
    expect(found(index, 'Neon Oracle')[0]).toBe(NEON_ORACLE);
    expect(found(index, '  neon   ORACLE! ')[0]).toBe(NEON_ORACLE);
    expect(found(index, 'neon oracle tactics')[0]).toBe(ORACLE_TACTICS);
    expect(foundSet(index, 'neon oracle')).toEqual([NEON_ORACLE, ORACLE_HARBOUR, ORACLE_TACTICS]);
  });

  it('puts the exact title first among many games made of the same words', () => {
    const lookalikes = Array.from({ length: 50 }, (_, i) =>
      game(`Neon Oracle ${['Tactics', 'Rush', 'Oracle Neon'][i % 3]}`, {
        tagline: 'Neon oracle, neon oracle',
        categoryNames: ['Neon'],
      }),
    );
    const index = indexOf([...lookalikes, game('Neon Oracle'), ...lookalikes]);
    expect(found(index, 'neon oracle')[0]).toBe(50);
    expect(found(index, 'neon oracle')).toHaveLength(101);
  });

  it('ranks a title word above the same word in a description', () => {
    const order = found(index, 'oracle');
    expect(order.at(-1)).toBe(GLASS_KINGDOM);
    expect(order).toHaveLength(4);
  });

  it('finds titles through one-letter typos', () => {
    expect(found(index, 'humfeild')).toEqual([HUMFIELD]);
    expect(found(index, 'ghsts')).toEqual([GHOSTS]);
    expect(found(index, 'knucklewize')).toEqual([KNUCKLEWISE]);
    expect(foundSet(index, 'oracel')).toEqual([NEON_ORACLE, ORACLE_HARBOUR, ORACLE_TACTICS]);
  });

  it('ranks a word spelt right above a typo', () => {
    const index = indexOf([game('Oracle'), game('Oracles'), game('Oracel')]);
    expect(found(index, 'oracel')).toEqual([2, 0, 1]);
    expect(found(index, 'oracle')[2]).toBe(2);
  });

  it('finds a game from the first letters of a word, as the user types', () => {
    expect(found(index, 'hearthw')).toEqual([HEARTHWICK]);
    expect(found(index, 'knuck')).toEqual([KNUCKLEWISE]);
    expect(found(index, 'slipstream gho')).toEqual([GHOSTS]);
  });

  it('matches other forms of a word through its English stem', () => {
    expect(found(index, 'sphinxes')).toEqual([SPHINX]);
    expect(found(index, 'running rival')).toEqual([GHOSTS]);
    expect(found(index, 'riddle')).toEqual([SPHINX]);
    expect(found(index, 'ghost')).toEqual([GHOSTS]);
  });

  it('searches the developer, tagline, description and category names', () => {
    expect(found(index, 'moth lamp')).toEqual([HUMFIELD]);
    expect(found(index, 'eaten')).toEqual([SPHINX]);
    expect(found(index, 'neural network')).toEqual([GHOSTS]);
    expect(found(index, 'role-playing')).toEqual([HEARTHWICK]);
    expect(foundSet(index, 'turn based')).toEqual([HEARTHWICK, ORACLE_TACTICS]);
    expect(foundSet(index, 'northlight')).toEqual([NEON_ORACLE, GLASS_KINGDOM]);
  });

  it('requires every word of the query', () => {
    expect(found(index, 'neon harbour')).toEqual([ORACLE_HARBOUR]);
    expect(found(index, 'oracle strategy')).toEqual([ORACLE_TACTICS, GLASS_KINGDOM]);
    expect(found(index, 'neon sphinx')).toEqual([]);
  });

  it('finds nothing for nonsense, an empty query or punctuation alone', () => {
    expect(found(index, 'zzqxj wombat karaoke')).toEqual([]);
    expect(found(index, 'oracle zzqxj')).toEqual([]);
    expect(found(index, '')).toEqual([]);
    expect(found(index, '  -- ?! ')).toEqual([]);
  });

  it('measures typos as pg_trgm does, at the 0.4 threshold', () => {
    expect(trigramsOf('word').sort()).toEqual(['  w', ' wo', 'ord', 'rd ', 'wor']);
    expect(trigramsOf('aaa').sort()).toEqual(['  a', ' aa', 'aa ', 'aaa']);
    // Values of word_similarity(a, b) in PostgreSQL 17's pg_trgm.
    expect(wordSimilarity('humfeild', 'humfield')).toBeCloseTo(0.4444444, 6);
    expect(wordSimilarity('oracel', 'oracle')).toBeCloseTo(0.5714286, 6);
    expect(wordSimilarity('ghsts', 'ghosts')).toBeCloseTo(0.4444444, 6);
    expect(wordSimilarity('knucklewize', 'knucklewise')).toBeCloseTo(0.75, 6);
    expect(wordSimilarity('tidewatr', 'tidewater')).toBeCloseTo(0.7777778, 6);
    expect(TYPO_SIMILARITY).toBe(0.4);
  });
});

describe('SearchIndex updates', () => {
  it('forgets a removed game and leaves the others', () => {
    const index = indexOf(catalogue);
    index.remove(NEON_ORACLE);
    expect(foundSet(index, 'neon oracle')).toEqual([ORACLE_HARBOUR, ORACLE_TACTICS]);
    expect(found(index, 'fortune')).toEqual([]);
    index.remove(NEON_ORACLE);
    index.remove(1234);
    expect(foundSet(index, 'neon oracle')).toEqual([ORACLE_HARBOUR, ORACLE_TACTICS]);
  });

  it('replaces the old words when a game is put again with new text', () => {
    const index = indexOf(catalogue);
    index.put(HUMFIELD, game('Humfield Reborn', { description: 'Now with dragons.' }));
    expect(found(index, 'dragons')).toEqual([HUMFIELD]);
    expect(found(index, 'humfield reborn')).toEqual([HUMFIELD]);
    expect(found(index, 'village')).toEqual([]);
    expect(found(index, 'moth')).toEqual([]);
  });

  it('gives a reused position to a new game', () => {
    const index = indexOf(catalogue);
    index.remove(SPHINX);
    index.put(SPHINX, game('Tidewater', { categoryNames: ['Fishing'] }));
    expect(found(index, 'sphinx')).toEqual([]);
    expect(found(index, 'tidewatr')).toEqual([SPHINX]);
    expect(found(index, 'fishing')).toEqual([SPHINX]);
  });

  it('answers the same after a game is put again unchanged', () => {
    const index = indexOf(catalogue);
    const before = index.search('neon oracle');
    index.put(NEON_ORACLE, { ...catalogue[NEON_ORACLE]! });
    expect(index.search('neon oracle')).toEqual(before);
  });

  it('notices a changed word order in the title', () => {
    const index = indexOf([game('Oracle Neon')]);
    index.put(0, game('Neon Oracle'));
    expect(index.search('neon oracle').scores[0]).toBeGreaterThanOrEqual(10);
  });

  it('keeps the unions of common prefixes current', () => {
    const changed = [...catalogue];
    const cached = indexOf(changed, { prefixUnionFrom: 1 });
    const prefixes = ['n', 'ne', 'o', 'or', 't', 'the', 'ra'];
    for (const prefix of prefixes) cached.search(prefix);
    cached.remove(NEON_ORACLE);
    delete changed[NEON_ORACLE];
    changed[SPHINX] = game('Nebula Rangers', { description: 'The oracle of the north.' });
    cached.put(SPHINX, changed[SPHINX]);
    changed[9] = game('Orbit', { tagline: 'Near the neon ring' });
    cached.put(9, changed[9]);
    const uncached = new SearchIndex();
    changed.forEach((text, position) => uncached.put(position, text));
    for (const prefix of prefixes) expect(scored(cached.search(prefix)), prefix).toEqual(scored(uncached.search(prefix)));
    expect(foundSet(cached, 'ne')).toContain(9);
  });

  it('answers as a fresh index after many re-puts', () => {
    const index = indexOf(catalogue);
    const sequel = (text: SearchableText) => ({ ...text, description: `${text.description} A sequel: ${text.title} again.` });
    for (let round = 0; round < 60; round++) {
      catalogue.forEach((text, position) => index.put(position, round % 2 === 0 ? sequel(text) : text));
    }
    const fresh = indexOf(catalogue);
    for (const query of ['neon oracle', 'sequel', 'again', 'the', 'humfield', 'a', 'o', 'turn based', 'ghsts']) {
      expect(scored(index.search(query)), query).toEqual(scored(fresh.search(query)));
    }
  });

  it('grows to positions put out of order', () => {
    const index = new SearchIndex();
    index.put(500, game('Far Away'));
    index.put(3, game('Nearby'));
    expect(found(index, 'far')).toEqual([500]);
    expect(found(index, 'nearby')).toEqual([3]);
    expect(() => index.put(-1, game('Negative'))).toThrow(RangeError);
  });
});


const titleWords = ['neon', 'oracle', 'harbour', 'circuit', 'garden', 'sphinx', 'ghosts', 'tales', 'kingdom', 'lantern', 'runner', 'archive'];
const bodyWords = [...titleWords, 'city', 'rain', 'runs', 'running', 'oracles', 'gardens', 'sea', 'card', 'dealer', 'riddle', 'riddles', 'a', 'the', 'of', 'and', 'learns', 'learned', 'neural', 'café', 'über', 'x2'];
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

/** The best score of one query word against one word of the game, by the word's field weight. */
function referenceWordScore(queryWord: string, word: string, weight: number): number {
  let best = 0;
  if (stemOf(word) === stemOf(queryWord)) best = weight;
  else if (word.startsWith(queryWord)) best = weight / 2;
  const near = weight === 4 ? referenceWordSimilarity(`${queryWord} ${word}`) : 0;
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

function typoOf(word: string, random: ReturnType<typeof seededRandom>): string {
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
    expect([...actual.keys()].sort((a, b) => a - b), query).toEqual([...expected.keys()].sort((a, b) => a - b));
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

import { describe, expect, it } from 'vitest';
import { TYPO_SIMILARITY } from '../../db/typo-similarity';
import { SearchIndex, type SearchableText, type SearchHits, type SearchIndexOptions } from './search-index';
import { trigramsOf, wordSimilarity } from './trigrams';

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

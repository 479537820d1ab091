// `npx tsx bench/search-index.ts [games]`: builds the in-memory search index over that many
// generated games (100,000 by default; ~80-word descriptions from a limited vocabulary, titles
// numbered like bench/dataset.ts makes them), then prints build time, memory held by the index,
// the p50/p99/max time of 1,000 varied searches (overall and by kind), and the cost of put/remove.
import v8 from 'node:v8';
import vm from 'node:vm';
import { SearchIndex, type SearchableText } from '../src/server/catalogue/search/search-index';
import { seededRandom } from '../src/test-support/seeded-random';

const count = Number(process.argv[2] ?? 100_000);
const SEARCHES = 1_000;

const adjectives = [
  'Neon',
  'Quiet',
  'Hollow',
  'Clockwork',
  'Sunken',
  'Velvet',
  'Iron',
  'Paper',
  'Lantern',
  'Echoing',
  'Crimson',
  'Glass',
  'Wandering',
  'Last',
  'Electric',
  'Mossy',
  'Silent',
  'Golden',
  'Fractal',
  'Midnight',
];
const nouns = [
  'Oracle',
  'Harbour',
  'Circuit',
  'Garden',
  'Frontier',
  'Archive',
  'Signal',
  'Kingdom',
  'Arcade',
  'Orchard',
  'Labyrinth',
  'Parade',
  'Observatory',
  'Tavern',
  'Reactor',
  'Carnival',
  'Atlas',
  'Monastery',
  'Expedition',
  'Bazaar',
];
const suffixes = ['', '', '', ' II', ' Tales', ' Tactics', ' Online', ' Story', ' Legends', ' Rush', ' Simulator', ' Chronicles'];
const studios = [
  'Kestrel',
  'Moth & Lamp',
  'Brightwater',
  'Tin Owl',
  'Northlight',
  'Paper Crane',
  'Fathom',
  'Quartz',
  'Small Hours',
  'Driftwood',
];
const categories = [
  'Role-playing',
  'Turn-based',
  'Strategy',
  'Puzzle',
  'Racing',
  'Card game',
  'Simulation',
  'Adventure',
  'Horror',
  'Music',
  'Sandbox',
  'Interactive fiction',
];

/** 3,000 made-up words plus the title words, so descriptions share a limited vocabulary. */
function vocabularyOf(random: ReturnType<typeof seededRandom>): string[] {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ren',
    'sa',
    'tor',
    'vel',
    'qui',
    'dra',
    'en',
    'is',
    'mor',
    'pha',
    'ul',
    'zen',
    'a',
    'o',
    'ith',
    'bar',
    'cle',
  ];
  const made = new Set<string>();
  while (made.size < 3_000) made.add(Array.from({ length: 2 + Math.floor(random.next() * 3) }, () => random.pick(syllables)).join(''));
  const common = ['the', 'a', 'of', 'and', 'to', 'in', 'is', 'you', 'that', 'it', 'with', 'as', 'for', 'your', 'on', 'game', 'ai', 'play'];
  return [...common, ...[...adjectives, ...nouns].map((word) => word.toLowerCase()), ...made];
}

function gameText(position: number, vocabulary: readonly string[], variant = 0): SearchableText {
  const random = seededRandom(position * 7919 + variant);
  const words = (length: number) => Array.from({ length }, () => random.pickSkewed(vocabulary)).join(' ');
  return {
    title: `${random.pick(adjectives)} ${random.pick(nouns)}${random.pick(suffixes)} ${position}`,
    tagline: `A game where the AI ${words(6)}.`,
    description: `## About\n\n${words(40)}.\n\n${words(40)}, *${words(3)}*.`,
    developer: `${random.pick(studios)} Games`,
    categoryNames: [random.pick(categories), random.pick(categories)],
  };
}

function typoOf(word: string, random: ReturnType<typeof seededRandom>): string {
  const at = 1 + Math.floor(random.next() * (word.length - 1));
  return random.next() < 0.5 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** SEARCHES queries, as many of each kind. */
function queries(vocabulary: readonly string[]): { kind: string; query: string }[] {
  const random = seededRandom(7);
  const titleWord = () => random.pick([...adjectives, ...nouns]).toLowerCase();
  const shortPrefix = (word: string) => word.slice(0, 1 + Math.floor(random.next() * 2));
  const kinds: Record<string, () => string> = {
    'two title words': () => `${titleWord()} ${titleWord()}`,
    'one title word': () => titleWord(),
    typo: () => typoOf(titleWord(), random),
    'word and typo': () => `${titleWord()} ${typoOf(titleWord(), random)}`,
    '1-2 letter prefix': () => shortPrefix(titleWord()),
    'word and 1-2 letters': () => `${titleWord()} ${shortPrefix(random.pick(vocabulary))}`,
    'two description words': () => `${random.pickSkewed(vocabulary)} ${random.pick(vocabulary)}`,
    'exact title': () => gameText(Math.floor(random.next() * count), vocabulary).title,
    '3 letter prefix': () => random.pick(vocabulary).slice(0, 3),
    nonsense: () => 'zzqxj wombat',
  };
  const names = Object.keys(kinds);
  return Array.from({ length: SEARCHES }, (_, i) => {
    const kind = names[i % names.length]!;
    return { kind, query: kinds[kind]!() };
  });
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

/**
 * Wall time and CPU time of each action, each sorted. On a shared machine the CPU time
 * (process-wide, so garbage collector threads included) leaves out the time other processes held the cores.
 */
function timeEach(actions: (() => void)[]): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const action of actions) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    action();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const ascending = (a: number, b: number) => a - b;
  return { wall: wall.sort(ascending), cpu: cpu.sort(ascending) };
}

function report(label: string, { wall, cpu }: { wall: number[]; cpu: number[] }): void {
  const figures = (sorted: number[]) =>
    `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1)!)}`;
  console.log(`${label}: wall ${figures(wall)}; cpu ${figures(cpu)}`);
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
async function heldMemory(): Promise<number> {
  collectGarbage();
  // Array buffers are freed after the collection that finds them unreachable.
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const vocabulary = vocabularyOf(seededRandom(1));
const texts = Array.from({ length: count }, (_, position) => gameText(position, vocabulary));
const memoryBefore = await heldMemory();
const index = new SearchIndex();
const buildStarted = performance.now();
texts.forEach((text, position) => index.put(position, text));
const buildSeconds = (performance.now() - buildStarted) / 1000;
index.search('warm up the sorted vocabulary');
const memoryMB = (await heldMemory()) - memoryBefore;
console.log(`${count} games indexed in ${buildSeconds.toFixed(1)} s; the index holds ${(memoryMB / 2 ** 20).toFixed(0)} MB`);

const searches = queries(vocabulary);
let hitTotal = 0;
searches.slice(0, 100).forEach(({ query }) => index.search(query));
report(
  `${SEARCHES} searches`,
  timeEach(
    searches.map(
      ({ query }) =>
        () =>
          (hitTotal += index.search(query).positions.length),
    ),
  ),
);
console.log(`${Math.round(hitTotal / SEARCHES)} hits on average`);
for (const kind of new Set(searches.map((search) => search.kind))) {
  const ofKind = searches.filter((search) => search.kind === kind);
  report(
    `  ${kind} ("${ofKind[0]!.query}", ...)`,
    timeEach(
      ofKind.map(
        ({ query }) =>
          () =>
            index.search(query),
      ),
    ),
  );
}
const slowest = searches
  .map(({ query }) => ({ query, time: Math.min(...timeEach([1, 2, 3].map(() => () => index.search(query))).wall) }))
  .sort((a, b) => b.time - a.time)
  .slice(0, 5);
console.log(`slowest (best of 3): ${slowest.map(({ query, time }) => `"${query}" ${ms(time)}`).join(', ')}`);

const sample = Array.from({ length: 1_000 }, (_, i) => (i * 7_919) % count);
report('put unchanged text', timeEach(sample.map((position) => () => index.put(position, texts[position]!))));
report('put changed text', timeEach(sample.map((position) => () => index.put(position, gameText(position, vocabulary, 1)))));
report('remove', timeEach(sample.map((position) => () => index.remove(position))));
report('put into an empty position', timeEach(sample.map((position) => () => index.put(position, texts[position]!))));

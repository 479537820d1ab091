// `npm run bench:dataset -- 100000`: adds that many generated, published games (varied
// titles, descriptions, categories, prices, ratings, AI facts, plays) to the configured
// database, so list, filter, search and game pages can be measured at scale.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/db/prepare';
import { gameCategories, games } from '../src/server/db/schema';
import { histogramColumns, ratingHistogram } from '../src/server/db/seed/histogram';
import { aiRoles, aiRunsOnValues } from '../src/shared/catalogue';
import { categorySlugs } from '../src/shared/categories';
import { seededRandom } from '../src/test-support/seeded-random';

const count = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error('Usage: npm run bench:dataset -- <number of games, 1 to 2000000>');
  process.exit(2);
}

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
const verbs = [
  'remembers what you said',
  'adapts to how you play',
  'writes new quests every night',
  'composes music for your mood',
  'plans against you',
  'talks back in plain words',
  'builds levels around your choices',
  'learns from every match',
];
const settings = [
  'a floating city',
  'a drowned archive',
  'a desert railway',
  'a village of forty people',
  'a haunted observatory',
  'a distant orbital station',
  'a market that never closes',
  'a kingdom of clocks',
];
const models = [
  'Large language model',
  'Reinforcement learning',
  'Generative music model',
  'Procedural generator',
  'Small on-device model',
  'Diffusion model',
];

function makeGame(index: number, random: ReturnType<typeof seededRandom>) {
  const title = `${random.pick(adjectives)} ${random.pick(nouns)}${random.pick(suffixes)} ${index}`;
  const setting = random.pick(settings);
  const paid = random.next() < 0.6;
  const ratingCount = Math.floor(random.next() ** 3 * 20_000);
  const year = 2018 + Math.floor(random.next() * 9);
  const month = 1 + Math.floor(random.next() * 12);
  const day = 1 + Math.floor(random.next() * 28);
  const roles = random.some(aiRoles, 1, 3);
  return {
    game: {
      slug: `bench-${index}`,
      title,
      tagline: `A game set in ${setting} where the AI ${random.pick(verbs)}.`,
      description: `${title} takes place in ${setting}. Its AI ${random.pick(verbs)}, and it ${random.pick(verbs)} as well.\n\nMade by ${random.pick(studios)}, it is one of many generated entries used to measure GameSource at scale.`,
      imagePath: '/covers/humfield.svg',
      imageAlt: `Cover art of ${title}`,
      priceAmount: paid ? Number((0.99 + Math.floor(random.next() * 60)).toFixed(2)) : null,
      ...histogramColumns(ratingHistogram(Number((2.5 + random.next() * 2.5).toFixed(1)), ratingCount)),
      releaseDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      developer: `${random.pick(studios)} Games`,
      playCount: Math.floor(random.next() ** 4 * 3_000_000),
      status: 'published' as const,
      aiRoles: roles,
      aiRunsOn: random.pick(aiRunsOnValues),
      aiWorksOffline: random.next() < 0.4,
      aiNeedsOwnKey: random.next() < 0.15,
      aiModelFamily: random.pick(models),
      aiOutputModerated: random.next() < 0.6,
      playUrl: 'https://example.com/play',
    },
    categories: random.some(categorySlugs, 1, 4),
  };
}

const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
const random = seededRandom(20261122);
const BATCH = 1000;
const started = performance.now();
try {
  await prepareDatabase(database);
  for (let first = 0; first < count; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - first) }, (_, i) => makeGame(first + i, random));
    await database.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(games)
        .values(batch.map((entry) => entry.game))
        .onConflictDoNothing({ target: games.slug })
        .returning({ id: games.id, slug: games.slug });
      const bySlug = new Map(batch.map((entry) => [entry.game.slug, entry.categories]));
      const links = inserted.flatMap(({ id, slug }) =>
        (bySlug.get(slug) ?? []).map((categorySlug, position) => ({ gameId: id, categorySlug, position })),
      );
      if (links.length > 0) await tx.insert(gameCategories).values(links);
    });
    if ((first / BATCH) % 10 === 0) {
      process.stdout.write(`\r${first + batch.length} / ${count} games`);
      // Fresh statistics as the tables grow: without them each commit (its check that every
      // published game has a category) took longer than the last, and 100,000 games 18 minutes.
      await database.db.execute(sql`analyze games, game_categories`);
    }
  }
  // The embedded database has no autovacuum: without fresh statistics the planner guesses,
  // and index-only scans need the visibility map that VACUUM sets.
  process.stdout.write('\nvacuum analyze...');
  await database.db.execute(sql`vacuum analyze`);
  console.log(`\n${count} games ready on ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}

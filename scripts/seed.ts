// `npm run db:seed`: migrates, then writes the categories, sample games and their builds (safe to repeat).
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/db/prepare';
import { gameUrlsFor, seedSampleBuilds } from '../src/server/features/builds';
import { createBuildStorage } from '../src/server/storage/create-build-storage';

const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
try {
  const { gamesAdded } = await prepareDatabase(database);
  const { buildsAdded } = await seedSampleBuilds(database.db, createBuildStorage(config), gameUrlsFor(config), config.games.limits);
  console.log(`Seeded: ${gamesAdded} sample game(s) added, ${buildsAdded} sample build(s) added.`);
} finally {
  await database.close();
}

// `npm run db:seed`: migrates, then writes the categories and sample games (safe to repeat).
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/db/prepare';

const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
try {
  const { gamesAdded } = await prepareDatabase(database);
  console.log(`Seeded: ${gamesAdded} sample game(s) added.`);
} finally {
  await database.close();
}

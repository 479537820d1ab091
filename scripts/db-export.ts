// `npm run db:export -- <file>`: writes the configured database to a file (or stdout) as JSON lines.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { exportDatabase } from '../src/server/db/transfer/export';

const file = process.argv[2];
const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
const output = file ? createWriteStream(file) : process.stdout;
try {
  let lines = 0;
  for await (const line of exportDatabase(database)) {
    if (!output.write(`${line}\n`)) await once(output, 'drain');
    lines += 1;
  }
  if (file) {
    output.end();
    await once(output, 'finish');
    console.error(`Exported the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database to ${file} (${lines} lines).`);
  }
} finally {
  await database.close();
}

// `tsx bench/explain.ts [query strings...]`: prints EXPLAIN (ANALYZE, BUFFERS) and timings of the
// statements a catalogue list runs (page, facet counts), for a query string like `q=oracle&sort=title`.
import { sql, type SQL } from 'drizzle-orm';
import { selectGames } from '../src/server/catalogue/game-rows';
import { orderOf, whereOf } from '../src/server/catalogue/sql-reference/catalogue-sql';
import { facetStatement } from '../src/server/catalogue/sql-reference/facets';
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { catalogueQuerySchema } from '../src/shared/catalogue';

const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
const analyse = process.env.ANALYSE !== '0';

async function explain(label: string, statement: SQL) {
  const started = performance.now();
  const result = (await database.db.execute(analyse ? sql`explain (analyze, buffers) ${statement}` : statement)) as unknown as {
    rows: Record<string, string>[];
  };
  const ms = performance.now() - started;
  console.log(`--- ${label}: ${ms.toFixed(1)} ms`);
  if (analyse && process.env.PLANS !== '0') console.log(result.rows.map((row) => Object.values(row)[0]).join('\n'));
}

try {
  for (const text of process.argv.slice(2)) {
    const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)));
    const page = selectGames(database.db)
      .where(whereOf(query))
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .getSQL();
    for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
      await explain(`${text} page`, page);
      await explain(`${text} facets`, facetStatement(query));
    }
  }
} finally {
  await database.close();
}

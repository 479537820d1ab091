// `npm run bench:embedded-statements`: what one statement costs on the embedded database, as the
// server sends it (from the main thread to the database's own thread and back): the wall time and
// the process's CPU (both threads) per statement, for a statement answering one value, one row and
// twenty rows, with and without types the caller parses itself (as drizzle asks for dates).
import { WorkerPGlite, type EmbeddedQueryOptions } from '../src/server/db/worker-pglite';

const STATEMENTS = 3_000;
const asText = (value: string) => value;

const database = await WorkerPGlite.create({});
await database.exec(`create table bench_rows (id int primary key, name text, data jsonb, created_at timestamptz default now());
  insert into bench_rows select n, 'row ' || n, jsonb_build_object('n', n), now() from generate_series(1, 100) n`);

const shapes: [string, string, unknown[]][] = [
  ['one value', 'select $1::int as value', [1]],
  ['one row', 'select * from bench_rows where id = $1', [5]],
  ['twenty rows', 'select * from bench_rows where id <= $1', [20]],
];
const parsing: [string, EmbeddedQueryOptions | undefined][] = [
  ['PGlite parses', undefined],
  ['dates as text', { parsers: { 1184: asText, 1114: asText, 1082: asText } }],
];

async function perStatement(sql: string, params: unknown[], options: EmbeddedQueryOptions | undefined) {
  for (let run = 0; run < 300; run++) await database.query(sql, params, options);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let run = 0; run < STATEMENTS; run++) await database.query(sql, params, options);
  const cpu = process.cpuUsage(cpuBefore);
  return { wallUs: ((performance.now() - started) * 1000) / STATEMENTS, cpuUs: (cpu.user + cpu.system) / STATEMENTS };
}

console.log(`One statement on the embedded database, µs (${STATEMENTS} in a row, one at a time)`);
console.log(`${'statement'.padEnd(14)}${parsing.map(([label]) => `${label}: wall / CPU`.padStart(28)).join('')}`);
for (const [label, sql, params] of shapes) {
  const cells: string[] = [];
  for (const [, options] of parsing) {
    const { wallUs, cpuUs } = await perStatement(sql, params, options);
    cells.push(`${wallUs.toFixed(0)} / ${cpuUs.toFixed(0)}`.padStart(28));
  }
  console.log(`${label.padEnd(14)}${cells.join('')}`);
}
await database.close();

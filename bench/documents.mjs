// `npm run bench:documents`: serves the built app (SERVER_ENTRY, default dist/server/main.js) on
// a fresh embedded database in a temporary folder (or DATABASE_URL), signed in as the demo user
// (AUTH_MODE=demo), and runs autocannon against document reads, writes, adds and queries over
// 1,000 documents, printing requests/s, p50 and p99 for each.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DOCUMENTS = 1000;

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [process.env.SERVER_ENTRY ?? 'dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, AUTH_MODE: 'demo' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('The server did not start');
}

const json = { 'content-type': 'application/json', origin: '' };
const sampleData = (i) => ({ title: `Game ${i}`, score: i % 97, tags: ['ai', `t${i % 7}`], at: { __timestamp__: new Date(1e12 + i * 1000).toISOString() } });

async function seed(base, collection) {
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const writes = Array.from({ length: 500 }, (_, k) => ({ op: 'set', path: `${collection}/d${start + k}`, data: sampleData(start + k) }));
    const response = await fetch(`${base}/api/documents:batch`, { method: 'POST', headers: { ...json, origin: base }, body: JSON.stringify({ writes }) });
    if (!response.ok) throw new Error(`Seeding failed: ${response.status} ${await response.text()}`);
  }
}

async function run(base, name, options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options, url: `${base}${options.path ?? ''}` });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-bench-documents-'));
const { base, child } = await startServer(dataDir);
const results = [];
try {
  const me = await (await fetch(`${base}/api/me`)).json();
  const collection = `users/${me.user.id}/bench`;
  await seed(base, collection);
  const headers = { ...json, origin: base };
  let n = 0;
  results.push(await run(base, 'get document', { path: `/api/documents/${collection}/d500` }));
  results.push(await run(base, 'set (replace)', {
    requests: [{ method: 'PUT', headers, setupRequest: (request) => ({ ...request, path: `/api/documents/${collection}/w${n++ % DOCUMENTS}`, body: JSON.stringify({ data: sampleData(n) }) }) }],
  }));
  results.push(await run(base, 'update field', {
    requests: [{ method: 'PATCH', headers, setupRequest: (request) => ({ ...request, path: `/api/documents/${collection}/d${n++ % DOCUMENTS}`, body: JSON.stringify({ data: { score: n % 97 } }) }) }],
  }));
  results.push(await run(base, 'add', { path: `/api/documents/${collection}`, method: 'POST', headers, body: JSON.stringify({ data: sampleData(1) }) }));
  const query = { where: [{ field: 'tags', op: 'array-contains', value: 't3' }], orderBy: [{ field: 'score', direction: 'desc' }], limit: 20 };
  results.push(await run(base, 'query (1k docs)', { path: '/api/documents:query', method: 'POST', headers, body: JSON.stringify({ collection, query }) }));
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log('operation          requests/s    p50 ms   p99 ms   failed');
for (const { name, rps, p50, p99, failed } of results) {
  console.log(`${name.padEnd(18)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(9)} ${String(p99).padStart(8)} ${String(failed).padStart(8)}`);
}
if (results.some((result) => result.failed > 0)) process.exitCode = 1;

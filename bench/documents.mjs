// `npm run bench:documents`: serves the built app (SERVER_ENTRY, default dist/server/main.js) on
// a fresh embedded database in a temporary folder (or DATABASE_URL), signed in as the demo user
// (AUTH_MODE=demo), and runs autocannon against document reads, writes, adds and queries over
// 1,000 documents, printing requests/s, p50 and p99 for each. Then live fan-out: LISTENERS
// (1,000) Server-Sent Events streams follow one public list while it is changed EVENTS (200)
// times at RATE (50) per second through the HTTP API; it prints the latency from each write's
// request to each listener's copy of its change (p50/p99/max) and how many arrived. The write
// limits are raised for it (WRITES_PER_MINUTE_PER_USER / _PER_ADDRESS).
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { startServer } from './support/server.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DOCUMENTS = 1000;
const LISTENERS = Number(process.env.LISTENERS ?? 1000);
const EVENTS = Number(process.env.EVENTS ?? 200);
const RATE = Number(process.env.RATE ?? 50);

const json = { 'content-type': 'application/json', origin: '' };
const sampleData = (i) => ({
  title: `Game ${i}`,
  score: i % 97,
  tags: ['ai', `t${i % 7}`],
  at: { __timestamp__: new Date(1e12 + i * 1000).toISOString() },
});

async function seed(base, collection) {
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const writes = Array.from({ length: 500 }, (_, k) => ({ op: 'set', path: `${collection}/d${start + k}`, data: sampleData(start + k) }));
    const response = await fetch(`${base}/api/documents:batch`, {
      method: 'POST',
      headers: { ...json, origin: base },
      body: JSON.stringify({ writes }),
    });
    if (!response.ok) throw new Error(`Seeding failed: ${response.status} ${await response.text()}`);
  }
}

async function run(base, name, options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options, url: `${base}${options.path ?? ''}` });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Opens the listeners in a worker thread of their own, once each is connected. */
async function startListeners(url) {
  const worker = new Worker(new URL('./live-listeners.mjs', import.meta.url), { workerData: { url, listeners: LISTENERS } });
  const ready = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const report = () =>
    new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('report');
    });
  return { ready, report, stop: () => worker.terminate() };
}

/** A public list followed by LISTENERS streams, changed EVENTS times; latency from each write's request. */
async function fanOut(base, ownerId, headers) {
  const listPath = `lists/bench-fan-out-${Date.now()}`;
  const list = (description) => ({ data: { ownerId, name: 'Fan-out', description, public: true, games: [] } });
  const created = await fetch(`${base}/api/documents/${listPath}`, { method: 'PUT', headers, body: JSON.stringify(list('0')) });
  if (!created.ok) throw new Error(`Could not make the list: ${created.status} ${await created.text()}`);
  const listeners = await startListeners(`${base}/api/live?topics=${encodeURIComponent(`document:${listPath}`)}`);
  const sentAt = [];
  let failedWrites = 0;
  const started = performance.now();
  for (let seq = 0; seq < EVENTS; seq++) {
    const due = started + (seq * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    sentAt[seq] = performance.timeOrigin + performance.now();
    const body = JSON.stringify({ data: { description: String(seq + 1) } });
    const response = await fetch(`${base}/api/documents/${listPath}`, { method: 'PATCH', headers, body });
    if (!response.ok) failedWrites++;
  }
  // Let the last changes arrive.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const { arrivals, open } = await listeners.report();
  await listeners.stop();
  const latencies = arrivals.map(([seq, at]) => at - sentAt[seq]).sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    open,
    connectMs: listeners.ready.connectMs,
    delivered: latencies.length,
    expected: EVENTS * LISTENERS,
    failedWrites,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

const { base, stop } = await startServer({
  env: {
    HOST: '127.0.0.1',
    AUTH_MODE: 'demo',
    // One user writing thousands of times a second: far past the limits a person meets.
    WRITES_PER_MINUTE_PER_USER: '100000000',
    WRITES_PER_MINUTE_PER_ADDRESS: '100000000',
  },
});
const results = [];
let fanOutResult;
try {
  const me = await (await fetch(`${base}/api/me`)).json();
  const collection = `users/${me.user.id}/bench`;
  await seed(base, collection);
  const headers = { ...json, origin: base };
  let n = 0;
  results.push(await run(base, 'get document', { path: `/api/documents/${collection}/d500` }));
  results.push(
    await run(base, 'set (replace)', {
      requests: [
        {
          method: 'PUT',
          headers,
          setupRequest: (request) => ({
            ...request,
            path: `/api/documents/${collection}/w${n++ % DOCUMENTS}`,
            body: JSON.stringify({ data: sampleData(n) }),
          }),
        },
      ],
    }),
  );
  results.push(
    await run(base, 'update field', {
      requests: [
        {
          method: 'PATCH',
          headers,
          setupRequest: (request) => ({
            ...request,
            path: `/api/documents/${collection}/d${n++ % DOCUMENTS}`,
            body: JSON.stringify({ data: { score: n % 97 } }),
          }),
        },
      ],
    }),
  );
  results.push(
    await run(base, 'add', {
      path: `/api/documents/${collection}`,
      method: 'POST',
      headers,
      body: JSON.stringify({ data: sampleData(1) }),
    }),
  );
  const query = {
    where: [{ field: 'tags', op: 'array-contains', value: 't3' }],
    orderBy: [{ field: 'score', direction: 'desc' }],
    limit: 20,
  };
  results.push(
    await run(base, 'query (1k docs)', {
      path: '/api/documents:query',
      method: 'POST',
      headers,
      body: JSON.stringify({ collection, query }),
    }),
  );
  fanOutResult = await fanOut(base, me.user.id, headers);
} finally {
  await stop();
}

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log('operation          requests/s    p50 ms   p99 ms   failed');
for (const { name, rps, p50, p99, failed } of results) {
  console.log(
    `${name.padEnd(18)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(9)} ${String(p99).padStart(8)} ${String(failed).padStart(8)}`,
  );
}
const f = fanOutResult;
console.log(
  `\nlive fan-out: ${f.open} listeners on one public list (open in ${f.connectMs.toFixed(0)} ms); ${EVENTS} writes at ${RATE}/s (${f.failedWrites} failed)`,
);
console.log(
  `deliveries ${f.delivered} of ${f.expected}; latency from write request to arrival, ms: p50 ${f.p50.toFixed(1)}  p99 ${f.p99.toFixed(1)}  max ${f.max.toFixed(1)}`,
);
// Every change must reach every listener, and within the live delay (1 s) for 99 in 100.
if (results.some((result) => result.failed > 0) || f.failedWrites > 0 || f.delivered < f.expected || f.p99 > 1000) process.exitCode = 1;

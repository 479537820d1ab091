// `npm run bench:live`: opens LISTENERS (1,000) Server-Sent Events streams on loopback to an
// app started here, publishes EVENTS (200) change events on their topic at RATE per second,
// and prints the delivery latency (commit to arrival) p50/p99/max and the deliveries per second.
// Uses DATABASE_URL when set, else an in-memory embedded database. The document store reuses
// it for its fan-out benchmark: set BENCH_TOPIC to a document or collection topic.
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/db/prepare';
import { publish } from '../src/server/live/publish';

const LISTENERS = Number(process.env.LISTENERS ?? 1000);
const EVENTS = Number(process.env.EVENTS ?? 200);
const RATE = Number(process.env.RATE ?? 50);
const TOPIC = process.env.BENCH_TOPIC ?? 'game:900001';

// Every listener is on this machine's one address: far past what one network opens.
const config = loadConfig({
  LIVE_STREAMS_PER_ADDRESS: '100000',
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  AUTH_SECRET: 'bench-secret-that-is-long-enough-for-auth',
});
const database = createDatabase({ url: process.env.DATABASE_URL });
await prepareDatabase(database);
const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
const url = `http://127.0.0.1:${port}/api/live?topics=${encodeURIComponent(TOPIC)}`;

const worker = new Worker(new URL('./live-listeners.mjs', import.meta.url), { workerData: { url, listeners: LISTENERS } });
const ready = await new Promise<{ open: number; connectMs: number }>((resolve, reject) => {
  worker.once('message', resolve);
  worker.once('error', reject);
});

const publishStarted = performance.now();
const publishStartedAt = performance.timeOrigin + publishStarted;
for (let seq = 0; seq < EVENTS; seq++) {
  const due = publishStarted + (seq * 1000) / RATE;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  await database.db.transaction((tx) => publish(tx, TOPIC, { seq, sentAt: performance.timeOrigin + performance.now() }));
}
const publishSeconds = (performance.now() - publishStarted) / 1000;
// Let the last events arrive.
await new Promise((resolve) => setTimeout(resolve, 2000));
const report = await new Promise<{ latencies: number[]; seen: [number, number][]; open: number; lastArrival: number }>((resolve) => {
  worker.once('message', resolve);
  worker.postMessage('report');
});
const deliverySeconds = (report.lastArrival - publishStartedAt) / 1000;

await worker.terminate();
await app.close();
await database.close();

const sorted = report.latencies.sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const expected = EVENTS * LISTENERS;
const duplicates = report.seen.reduce((sum, [, count]) => sum + Math.max(0, count - LISTENERS), 0);
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded (in memory)'}; topic ${TOPIC}`);
console.log(`listeners: ${ready.open} open in ${ready.connectMs.toFixed(0)} ms`);
console.log(
  `events: ${EVENTS} asked at ${RATE}/s, published in ${publishSeconds.toFixed(1)} s; deliveries ${sorted.length} of ${expected} (${duplicates} beyond one per listener)`,
);
console.log(`latency ms: p50 ${at(0.5).toFixed(1)}  p99 ${at(0.99).toFixed(1)}  max ${(sorted.at(-1) ?? NaN).toFixed(1)}`);
console.log(
  `throughput: ${(sorted.length / deliverySeconds).toFixed(0)} deliveries/s (first publish to last arrival, ${deliverySeconds.toFixed(1)} s)`,
);
if (sorted.length < expected || at(0.99) > 1000) process.exitCode = 1;

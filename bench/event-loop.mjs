// `npm run bench:event-loop`: serves the built app (SERVER_ENTRY, default dist/server/main.js,
// run from the project folder it belongs to) and measures, first with the database idle and
// then while other requests keep it busy, the server's event-loop delay and how many requests/s
// /api/health and /api/sign-in-methods answer. The busy load asks for similar games
// (/api/games/:id/similar), which reads the database on every request.
// BENCH_SECONDS sets each measurement's length (default 8).
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { projectOf, serverEntry, startServer } from './support/server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const BUSY_CONNECTIONS = 20;
const probe = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));

function eventLoop(child) {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message.eventLoop));
    child.send('event-loop:report');
  });
}

async function measure(base, child) {
  child.send('event-loop:reset');
  const results = {};
  for (const url of ['/api/health', '/api/sign-in-methods']) {
    const run = await autocannon({ url: `${base}${url}`, connections: CONNECTIONS, duration: SECONDS });
    results[url] = {
      rps: run.requests.average,
      p50: run.latency.p50,
      p99: run.latency.p99,
      failed: run.non2xx + run.errors + run.timeouts,
    };
  }
  return { results, eventLoop: await eventLoop(child) };
}

function busyLoad(base) {
  const nextPath = () => `/api/games/${1 + Math.floor(Math.random() * 12)}/similar?limit=${4 + Math.floor(Math.random() * 8)}`;
  return autocannon({
    url: base,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
    connections: BUSY_CONNECTIONS,
    duration: 2 * SECONDS + 3,
  });
}

function print(title, { results, eventLoop }, busy) {
  console.log(`\n${title}`);
  console.log(`event-loop delay: p50 ${eventLoop.p50} ms, p99 ${eventLoop.p99} ms, max ${eventLoop.max} ms`);
  if (busy)
    console.log(
      `busy load (/api/games/:id/similar): ${busy.requests.average.toFixed(0)} requests/s, p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms`,
    );
  console.log('endpoint               requests/s    p50 ms   p99 ms   failed');
  for (const [url, { rps, p50, p99, failed }] of Object.entries(results)) {
    console.log(
      `${url.padEnd(22)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(9)} ${String(p99).padStart(8)} ${String(failed).padStart(8)}`,
    );
  }
}

const { base, child, stop } = await startServer({ nodeArgs: ['--import', probe], cwd: projectOf(serverEntry), ipc: true });
await fetch(`${base}/api/games?sort=title`);
try {
  console.log(`${serverEntry} on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}, ${SECONDS} s per measurement`);
  print('database idle', await measure(base, child));
  const busy = busyLoad(base);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const whileBusy = await measure(base, child);
  print('database busy', whileBusy, await busy);
} finally {
  await stop();
}

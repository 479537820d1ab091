// Replays recorded page views against the server: each view asks for its page first when it
// loads one (a first visit), then sends its calls together (as the browser does), opens its
// event streams and closes them once they answer, and reads every body.
// It asks for compressed answers as Chromium does (the server's compression is part of the cost;
// decompressing is the browser's, so the bodies are read but not decompressed).
// The client is node:http with kept-alive connections, not fetch: it shares the machine's cores
// with the server and the database, so it should take as little of them as it can, and it says
// how much it took.
import http from 'node:http';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

const acceptFor = ({ stream, document }) => (stream ? 'text/event-stream' : document ? 'text/html' : 'application/json');

function call(agent, base, { method, path, stream, document }, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      agent,
      method,
      headers: { accept: acceptFor({ stream, document }), 'accept-encoding': 'gzip, deflate, br, zstd', ...(cookie ? { cookie } : {}) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      if (stream) {
        // An open stream: the view has it once the headers are in; the tab leaving closes it.
        request.destroy();
        return resolve(response.statusCode);
      }
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.end();
  });
}

/** One view's calls, as `viewer` ({ id, cookie } or nobody) makes them: its own id where the recording user's was. */
async function pageView(agent, base, calls, recordedBy, viewer) {
  const own = (path) => (viewer.id ? path.replaceAll(recordedBy, viewer.id) : path);
  const send = (some) => Promise.all(some.map((c) => call(agent, base, { ...c, path: own(c.path) }, viewer.cookie)));
  const page = await send(calls.filter((c) => c.document));
  return [...page, ...(await send(calls.filter((c) => !c.document)))];
}

/**
 * Keeps `inFlight` page views going for `seconds`; `viewerFor(i)` picks who makes the i-th view
 * ({ id, cookie }, or {} for anonymous); `recordedBy` is the id of the user the calls were
 * recorded as. Answers views/s, p50/p99 of a whole view, the answers' statuses, and the CPU
 * time this client spent (a share of the machine the server did not have).
 */
export async function replay(base, calls, { inFlight, seconds, recordedBy, viewerFor }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight * calls.length });
  const durations = [];
  const statuses = {};
  let next = 0;
  const endAt = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < endAt) {
      const viewer = viewerFor(next++);
      const started = performance.now();
      for (const status of await pageView(agent, base, calls, recordedBy, viewer)) statuses[status] = (statuses[status] ?? 0) + 1;
      durations.push(performance.now() - started);
    }
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  durations.sort((a, b) => a - b);
  return {
    viewsPerSecond: durations.length / elapsed,
    p50: percentile(durations, 0.5),
    p99: percentile(durations, 0.99),
    statuses,
    clientCores: (cpu.user + cpu.system) / 1e6 / elapsed,
  };
}

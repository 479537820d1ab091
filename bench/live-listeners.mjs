// The listening side of `npm run bench:live`, in a worker thread of its own so parsing
// 1,000 streams does not share an event loop with the server it measures.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, listeners } = workerData;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const latencies = [];
/** For events that carry no send time: [the event's place in its listener's stream, when it arrived]. */
const arrivals = [];
const seen = new Map();
let open = 0;
let lastArrival = 0;

function listen(index) {
  return new Promise((resolve, reject) => {
    let received = 0;
    const request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`listener ${index}: HTTP ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk) => {
        const now = performance.timeOrigin + performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.includes('event: change')) continue;
          const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6));
          const seq = data.payload.seq ?? received;
          received++;
          if (data.payload.sentAt === undefined) arrivals.push([seq, now]);
          else latencies.push(now - data.payload.sentAt);
          lastArrival = now;
          seen.set(seq, (seen.get(seq) ?? 0) + 1);
        }
      });
      open++;
      resolve();
    });
    request.on('error', reject);
  });
}

parentPort.on('message', (message) => {
  if (message === 'report') {
    parentPort.postMessage({ latencies, arrivals, seen: [...seen.entries()], open, lastArrival });
    agent.destroy();
  }
});

const started = performance.now();
const batch = 100;
for (let i = 0; i < listeners; i += batch) {
  await Promise.all(Array.from({ length: Math.min(batch, listeners - i) }, (_, j) => listen(i + j)));
}
parentPort.postMessage({ ready: true, open, connectMs: performance.now() - started });

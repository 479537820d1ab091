// Replays recorded page views against the server: each view sends its calls together (as the
// browser does), opens its event streams and closes them once they answer, and reads every body.
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function call(base, { method, path, stream }, cookie) {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { accept: stream ? 'text/event-stream' : 'application/json', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  });
  if (stream) {
    // An open stream: the view has it once the headers are in; the tab leaving closes it.
    controller.abort();
    await response.body?.cancel().catch(() => undefined);
  } else {
    await response.arrayBuffer();
  }
  return response.status;
}

/** One view's calls, as `viewer` ({ id, cookie } or nobody) makes them: its own id where the recording user's was. */
async function pageView(base, calls, recordedBy, viewer) {
  const own = (path) => (viewer.id ? path.replaceAll(recordedBy, viewer.id) : path);
  return Promise.all(calls.map((c) => call(base, { ...c, path: own(c.path) }, viewer.cookie)));
}

/**
 * Keeps `inFlight` page views going for `seconds`; `viewerFor(i)` picks who makes the i-th view
 * ({ id, cookie }, or {} for anonymous); `recordedBy` is the id of the user the calls were
 * recorded as. Answers views/s, p50/p99 of a whole view, and the answers' statuses.
 */
export async function replay(base, calls, { inFlight, seconds, recordedBy, viewerFor }) {
  const durations = [];
  const statuses = {};
  let next = 0;
  const endAt = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < endAt) {
      const viewer = viewerFor(next++);
      const started = performance.now();
      for (const status of await pageView(base, calls, recordedBy, viewer)) statuses[status] = (statuses[status] ?? 0) + 1;
      durations.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return { viewsPerSecond: durations.length / elapsed, p50: percentile(durations, 0.5), p99: percentile(durations, 0.99), statuses };
}

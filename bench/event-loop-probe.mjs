// Loaded into the server by bench/event-loop.mjs (node --import): measures the event loop's
// delay and reports it over the IPC channel when asked.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;

process.on('message', (message) => {
  if (message === 'event-loop:reset') histogram.reset();
  if (message === 'event-loop:report') {
    process.send({
      eventLoop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
    });
  }
});
// The IPC channel must not keep a server that is shutting down alive.
process.channel?.unref();

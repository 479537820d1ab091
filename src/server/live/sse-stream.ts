import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveEvent } from '../../shared/live';
import { formatLiveCursor, type LiveCursor } from '../../shared/live-cursor';

export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting after the stream drops. */
export const RETRY_MS = 2_000;
// A client this far behind is cut off; it reconnects and resumes from its last event's cursor.
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface SseStream {
  send(event: LiveEvent): void;
  /** Tells a new client where it stands, so its first reconnect resumes from there. */
  ready(position: LiveCursor): void;
  /** Tells the client this topic will carry nothing more: its viewer may no longer read it. */
  revoked(topic: string): void;
  end(): void;
  onClose(listener: () => void): void;
}

export const sseHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Proxies such as nginx must pass each frame on at once.
  'x-accel-buffering': 'no',
};

// The hub hands the same event object to every subscriber: it is serialised once.
const frames = new WeakMap<LiveEvent, string>();

export function eventFrame(event: LiveEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    const data = JSON.stringify({ topic: event.topic, payload: event.payload });
    frame = `id: ${formatLiveCursor(event)}\nevent: change\ndata: ${data}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

/** Opens an event stream on a raw response (the reply is hijacked, so no compression or hooks touch it). */
export function openSseStream(request: IncomingMessage, response: ServerResponse): SseStream {
  const closeListeners: (() => void)[] = [];
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of closeListeners) listener();
  };

  response.writeHead(200, sseHeaders);
  response.socket?.setNoDelay(true);
  response.write(`retry: ${RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  request.on('close', finish);
  response.on('close', finish);
  response.on('error', finish);

  const end = () => {
    if (!response.writableEnded) response.end();
    finish();
  };

  return {
    send(event) {
      if (closed) return;
      if (response.writableLength > MAX_BUFFERED_BYTES) return end();
      response.write(eventFrame(event));
    },
    ready(position) {
      if (!closed) response.write(`id: ${formatLiveCursor(position)}\nevent: ready\ndata: {}\n\n`);
    },
    revoked(topic) {
      // No id: the client's resume position stays that of the last event it was sent.
      if (!closed) response.write(`event: revoked\ndata: ${JSON.stringify({ topic })}\n\n`);
    },
    end,
    onClose: (listener) => void closeListeners.push(listener),
  };
}

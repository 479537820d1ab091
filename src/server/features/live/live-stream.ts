import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveEvent } from '../../../shared/live';
import type { LiveHub } from './hub';
import { openSseStream } from './sse-stream';

const REPLAY_BATCH = 500;

/**
 * Streams the topics' events to one client. When it resumes after `lastEventId`, it subscribes
 * first, then replays what is stored, then lets live events through: live ones that arrive
 * during the replay wait, and every event is sent once, in id order.
 */
export async function streamTopics(
  hub: LiveHub,
  topics: readonly string[],
  lastEventId: number | undefined,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const stream = openSseStream(request, response);
  let sentUpTo = lastEventId ?? 0;
  let waiting: LiveEvent[] | undefined = lastEventId === undefined ? undefined : [];
  const send = (event: LiveEvent) => {
    if (event.id <= sentUpTo) return;
    sentUpTo = event.id;
    stream.send(event);
  };
  const unsubscribe = hub.subscribe(topics, {
    event: (event) => (waiting ? waiting.push(event) : send(event)),
    end: () => stream.end(),
  });
  stream.onClose(unsubscribe);
  if (!waiting) {
    const position = hub.position();
    if (position !== undefined) stream.ready(position);
    return;
  }

  try {
    for (;;) {
      const stored = await hub.replay(topics, sentUpTo, REPLAY_BATCH);
      stored.forEach(send);
      if (stored.length < REPLAY_BATCH) break;
    }
  } catch {
    // Could not read what was missed: drop the stream so the client retries from the same id.
    return stream.end();
  }
  const live = waiting.sort((a, b) => a.id - b.id);
  waiting = undefined;
  live.forEach(send);
}

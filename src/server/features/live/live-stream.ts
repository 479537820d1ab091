import type { IncomingMessage, ServerResponse } from 'node:http';
import { createDeliveryGuard, type StreamViewer } from './delivery-guard';
import type { StoredLiveEvent } from './event-store';
import type { LiveHub, LiveSubscriber } from './hub';
import { openSseStream } from './sse-stream';

const REPLAY_BATCH = 500;

/**
 * Streams the topics' events to one client. When it resumes after `lastEventId`, it subscribes
 * first, then replays what is stored, then lets live events through: live ones that arrive
 * during the replay wait, and every event is sent once, in id order. Every event, stored or
 * live, passes the viewer's access as it stands for that event; a topic the viewer can no longer
 * read is dropped and the client told with a `revoked` event.
 */
export async function streamTopics(
  hub: LiveHub,
  topics: readonly string[],
  lastEventId: number | undefined,
  viewer: StreamViewer,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const stream = openSseStream(request, response);
  let sentUpTo = lastEventId ?? 0;
  let waiting: StoredLiveEvent[] | undefined = lastEventId === undefined ? undefined : [];
  const subscriber: LiveSubscriber = {
    event: (event) => (waiting ? waiting.push(event) : deliver(event)),
    end: () => stream.end(),
  };
  const deliver = createDeliveryGuard({
    access: hub.access,
    viewer,
    send: (event) => {
      if (event.id <= sentUpTo) return;
      sentUpTo = event.id;
      stream.send(event);
    },
    revoke: (topic) => {
      hub.drop([topic], subscriber);
      stream.revoked(topic);
    },
    // The client reconnects from its last id, and is authorised afresh.
    fail: () => stream.end(),
  });
  const unsubscribe = hub.subscribe(topics, subscriber);
  stream.onClose(unsubscribe);
  if (!waiting) {
    const position = hub.position();
    if (position !== undefined) stream.ready(position);
    return;
  }

  try {
    // Its own cursor: an event waiting on a session check has not been sent yet, but was read.
    let readUpTo = sentUpTo;
    for (;;) {
      const stored = await hub.replay(topics, readUpTo, REPLAY_BATCH);
      for (const event of stored) deliver(event, true);
      readUpTo = stored.at(-1)?.id ?? readUpTo;
      if (stored.length < REPLAY_BATCH) break;
    }
  } catch {
    // Could not read what was missed: drop the stream so the client retries from the same id.
    return stream.end();
  }
  const live = waiting.sort((a, b) => a.id - b.id);
  waiting = undefined;
  for (const event of live) deliver(event);
}

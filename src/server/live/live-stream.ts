import type { IncomingMessage, ServerResponse } from 'node:http';
import { compareLiveCursors, liveStart, type LiveCursor } from '../../shared/live-cursor';
import { sawTransaction, type TransactionSnapshot } from '../db/transaction-snapshot';
import { createDeliveryGuard, type StreamViewer } from './delivery-guard';
import type { StoredLiveEvent } from './event-store';
import type { LiveHub, LiveSubscriber } from './hub';
import { openSseStream, type SseStream } from './sse-stream';

const REPLAY_BATCH = 500;

/** Delivers the settled events after `after` stored on these topics, in cursor order. */
async function replayStored(
  hub: LiveHub,
  topics: readonly string[],
  after: LiveCursor,
  deliver: (event: StoredLiveEvent, replayed: boolean) => void,
) {
  // Its own cursor: an event waiting on a session check has not been sent yet, but was read.
  let readUpTo = after;
  for (;;) {
    const { events, more } = await hub.replay(topics, readUpTo, REPLAY_BATCH);
    for (const event of events) deliver(event, true);
    readUpTo = events.at(-1) ?? readUpTo;
    if (!more) return;
  }
}

/**
 * Whether the client has every event this instance's hub has handed out: the hub hands out
 * settled events in cursor order, so any stored after `after` is yet to come, and comes to the
 * subscription already made. Most streams reopen so (a new screen's topics): no read then.
 */
function seenAllHandedOut(hub: LiveHub, after: LiveCursor): boolean {
  const position = hub.position();
  return position !== undefined && compareLiveCursors(after, position) >= 0;
}

/**
 * Streams the topics' events to one client. It subscribes first; when it resumes after
 * `resumeAfter`, it then replays the settled events stored (event-store.ts), and a new stream
 * notes what its opening could already see, which it does not send (the hub may hand out an
 * event a little after its commit, once it is settled). Live events that arrive meanwhile wait,
 * and every event is sent once, in cursor order. Every event, stored or live, passes the viewer's
 * access as it stands for that event; a topic the viewer can no longer read is dropped and the
 * client told with a `revoked` event. `tie` hands the stream to what else may end it or must know
 * when it ends (the places it holds).
 */
export async function streamTopics(
  hub: LiveHub,
  topics: readonly string[],
  resumeAfter: LiveCursor | undefined,
  viewer: StreamViewer,
  request: IncomingMessage,
  response: ServerResponse,
  tie: (stream: SseStream) => void = () => undefined,
): Promise<void> {
  const stream = openSseStream(request, response);
  tie(stream);
  let openedSaw: TransactionSnapshot | undefined;
  let waiting: StoredLiveEvent[] | undefined = [];
  const subscriber: LiveSubscriber = {
    event: (event) => (waiting ? waiting.push(event) : deliver(event)),
    end: () => stream.end(),
  };
  const guard = createDeliveryGuard({
    access: hub.access,
    viewer,
    // `deliver` passes each event once and in order, and the guard keeps that order.
    send: (event) => stream.send(event),
    revoke: (topic) => {
      hub.drop([topic], subscriber);
      stream.revoked(topic);
    },
    // The client reconnects from its last id, and is authorised afresh.
    fail: () => stream.end(),
  });
  // What was already judged (replayed) or seen by the opening is not judged again: a copy the hub
  // hands out late must neither be sent twice nor revoke a topic for an event from before the
  // subscription (a list made private and public again while the follower was away).
  let judgedUpTo = resumeAfter ?? liveStart;
  // On a resume, what committed before it is history even when it settles (and so arrives) only
  // after the replay: a refusal in it is skipped, as in the replay, instead of revoking the topic.
  let resumedSaw: TransactionSnapshot | undefined;
  const deliver = (event: StoredLiveEvent, replayed = false) => {
    if (compareLiveCursors(event, judgedUpTo) <= 0 || (openedSaw && sawTransaction(openedSaw, event.txid))) return;
    judgedUpTo = event;
    guard(event, replayed || (resumedSaw !== undefined && sawTransaction(resumedSaw, event.txid)));
  };
  const unsubscribe = hub.subscribe(topics, subscriber);
  stream.onClose(unsubscribe);
  try {
    if (resumeAfter) {
      resumedSaw = await hub.snapshot();
      if (!seenAllHandedOut(hub, resumeAfter)) await replayStored(hub, topics, resumeAfter, deliver);
    } else openedSaw = await hub.snapshot();
  } catch {
    // Could not read what was missed, or where it stands: drop the stream so the client retries.
    return stream.end();
  }
  const position = hub.position();
  if (!resumeAfter && position !== undefined) stream.ready(position);
  const live = waiting.sort(compareLiveCursors);
  waiting = undefined;
  for (const event of live) deliver(event);
}

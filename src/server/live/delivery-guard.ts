import type { Actor } from '../auth/session';
import type { StoredLiveEvent } from './event-store';
import type { Delivery, TopicAccess } from './topic-access';

/** Who a stream is for, and a fresh look at whether that still holds. */
export interface StreamViewer {
  actor: Actor | null;
  /** False once the session has ended: signed out, expired, banned, or the account deleted. */
  stillSignedIn(): Promise<boolean>;
}

export interface GuardOptions {
  access: TopicAccess;
  viewer: StreamViewer;
  send(event: StoredLiveEvent): void;
  /** The viewer lost access to the topic: stop it and tell the client. Called once per topic. */
  revoke(topic: string): void;
  /** The session could not be looked at (the database is away): the stream gives up. */
  fail(error: unknown): void;
}

/**
 * Access checked as events flow, not only at subscribe. Each event is judged against its own
 * data (`TopicAccess.delivery`); one that reaches this viewer only because of who they are waits
 * for a look at their session, and every later event waits behind it, so the order never
 * changes. Public events, with nothing queued, go straight out: the fan-out stays cheap.
 */
export function createDeliveryGuard({
  access,
  viewer,
  send,
  revoke,
  fail,
}: GuardOptions): (event: StoredLiveEvent, replayed?: boolean) => void {
  const revoked = new Set<string>();
  let sessionEnded = false;
  let failed = false;
  let queue: Promise<void> | undefined;

  const settle = (event: StoredLiveEvent, delivery: Delivery) => {
    if (revoked.has(event.topic)) return;
    if (delivery !== 'refused') return send(event);
    revoked.add(event.topic);
    revoke(event.topic);
  };

  const sessionHolds = async () => {
    // A session once ended does not come back: no need to look again.
    if (!sessionEnded) sessionEnded = !(await viewer.stillSignedIn());
    return !sessionEnded;
  };

  return (event, replayed = false) => {
    if (failed || revoked.has(event.topic)) return;
    const delivery = access.delivery(event, viewer.actor);
    // A stored event from a time the viewer could not read the topic is skipped: access may have
    // come back since (the subscription was just authorised), so it revokes nothing.
    if (replayed && delivery === 'refused') return;
    if (delivery !== 'viewer' && queue === undefined) return settle(event, delivery);
    const next = (queue ?? Promise.resolve()).then(async () =>
      settle(event, delivery === 'viewer' && !(await sessionHolds()) ? 'refused' : delivery),
    );
    queue = next;
    next.then(
      () => {
        if (queue === next) queue = undefined;
      },
      (error: unknown) => {
        if (failed) return;
        failed = true;
        fail(error);
      },
    );
  };
}

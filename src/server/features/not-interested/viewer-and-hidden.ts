import type { FastifyRequest } from 'fastify';
import type { Actor, Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { unlessUnreachable } from '../../http/possibly-stale';
import type { LiveHub } from '../../live/hub';
import { hiddenGameIds } from './hidden-sets';

export interface ViewerAndHidden {
  viewer: Actor | null;
  hidden: ReadonlySet<number>;
}

const VISITOR: ViewerAndHidden = { viewer: null, hidden: new Set() };

/**
 * For a public catalogue answer: who asks and the games they said "Not interested" to. With the
 * database out of reach, a visitor's (decision 0056): a member still gets the catalogue rather
 * than a refusal, without their own part, and `leftOut` is told so the answer says it may be out of date.
 */
export function viewerAndHidden(
  db: Db,
  live: LiveHub,
  sessions: Sessions,
  request: FastifyRequest,
  leftOut: () => void,
): Promise<ViewerAndHidden> {
  return unlessUnreachable(
    async () => {
      const viewer = await sessions.currentUser(request);
      return { viewer, hidden: await hiddenGameIds(db, live, viewer) };
    },
    VISITOR,
    leftOut,
  );
}

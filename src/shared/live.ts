// The live channel's topics and events: the server publishes a change on a topic, and every
// browser subscribed to that topic gets it over Server-Sent Events (GET /api/live?topics=...).

/** Something in the public catalogue changed: a game was published, updated or unpublished. */
export const catalogueTopic = 'catalogue';
/** One game's page changed: its stats (plays, rating), reviews or details. */
export const gameTopic = (gameId: number) => `game:${gameId}`;
/** Private to one user: their notifications, submissions' status. Only that user may subscribe. */
export const userTopic = (userId: string) => `user:${userId}`;
/** A document of the document store changed (issue 6), by its full path. */
export const documentTopic = (path: string) => `document:${path}`;
/** A document in this collection was added, changed or removed, by the collection's path. */
export const collectionTopic = (path: string) => `collection:${path}`;

export interface LiveEvent {
  /** Increasing across all instances (the live_events row id); the SSE event id, for resume. */
  id: number;
  topic: string;
  payload: Record<string, unknown>;
}

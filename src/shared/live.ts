// The live channel's topics and events: the server publishes a change on a topic, and every
// browser subscribed to that topic gets it over Server-Sent Events (GET /api/live?topics=...).

/** Something in the public catalogue changed: a game was published, updated or unpublished. */
export const catalogueTopic = 'catalogue';
/** What a game's topic is before its id (for the server's statements that publish per row). */
export const gameTopicPrefix = 'game:';
/** One game's page changed: its stats (plays, rating), reviews or details. */
export const gameTopic = (gameId: number) => `${gameTopicPrefix}${gameId}`;
/** What a user's topic is before their id (for the server's statements that publish per row). */
export const userTopicPrefix = 'user:';
/** Private to one user: their notifications, submissions' status. Only that user may subscribe. */
export const userTopic = (userId: string) => `${userTopicPrefix}${userId}`;
/** A document of the document store changed (issue 6), by its full path. */
export const documentTopic = (path: string) => `document:${path}`;
/** A document in this collection was added, changed or removed, by the collection's path. */
export const collectionTopic = (path: string) => `collection:${path}`;

export interface LiveEvent {
  /** The live_events row id. With `txid`, the event's place in the stream (shared/live-cursor.ts). */
  id: number;
  /** The id of the transaction that published it. */
  txid: number;
  topic: string;
  payload: Record<string, unknown>;
}

/** The most topics one live connection may subscribe to. */
export const MAX_LIVE_TOPICS = 50;
const MAX_TOPIC_LENGTH = 512;

// Paths alternate collection and document ids; an id is any text without '/' or ','
// (commas separate topics in the query string).
const pathPattern = '[^/,\\s]+(?:/[^/,\\s]+)*';
const topicPattern = new RegExp(`^(?:catalogue|game:[1-9]\\d{0,17}|user:[A-Za-z0-9_-]{1,128}|(?:document|collection):${pathPattern})$`);

export type ParsedTopic =
  | { kind: 'catalogue' }
  | { kind: 'game'; gameId: number }
  | { kind: 'user'; userId: string }
  | { kind: 'document' | 'collection'; path: string };

/** What a topic names; `null` for text that is not a known topic shape. */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic.length > MAX_TOPIC_LENGTH || !topicPattern.test(topic)) return null;
  if (topic === catalogueTopic) return { kind: 'catalogue' };
  const colon = topic.indexOf(':');
  const kind = topic.slice(0, colon);
  const rest = topic.slice(colon + 1);
  if (kind === 'game') return { kind: 'game', gameId: Number(rest) };
  if (kind === 'user') return { kind: 'user', userId: rest };
  return { kind: kind as 'document' | 'collection', path: rest };
}

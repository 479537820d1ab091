import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { parseTopic, type ParsedTopic } from '../../shared/live';
import { categoryKeys } from './categories';
import { documentKeys } from './documents/keys';
import { favouriteKeys } from './favourites';
import { gameKeys } from './games-query';
import { homeKeys } from './home';
import { memberRoot } from './query-roots';

// One EventSource per tab carries every topic the mounted screens follow. When the set of
// topics changes it reopens with the last event id it saw, so nothing is missed in between.
// It waits while anything holds it (the sign-in state or a screen's code still on its way),
// so a page opens one stream with all its topics instead of one now and another soon after.
// A stream the server refused (429 past the member's or address's cap, a sign-in that ended)
// opens again only after a growing wait that nothing cuts short, and the old one is always
// closed before a new one opens: a tab holds at most one stream, and never knocks in a loop.

/** What a change on a topic makes stale in the query cache. */
export type LiveHandler = (topic: ParsedTopic, payload: Record<string, unknown>) => QueryKey[];

const defaultHandlers: Record<ParsedTopic['kind'], LiveHandler> = {
  catalogue: () => [gameKeys.lists, homeKeys.all, categoryKeys.all],
  game: (topic) => (topic.kind === 'game' ? [gameKeys.detail(topic.gameId), gameKeys.lists] : []),
  // The hearts are the member's own too, under a key of their own.
  user: () => [memberRoot, favouriteKeys.all],
  document: (topic) => (topic.kind === 'document' ? [documentKeys.document(topic.path)] : []),
  collection: (topic) => (topic.kind === 'collection' ? [documentKeys.collection(topic.path)] : []),
};
const handlers = { ...defaultHandlers };

/** The document client replaces what document and collection changes invalidate. */
export function setLiveHandler(kind: 'document' | 'collection', handler: LiveHandler): void {
  handlers[kind] = handler;
}

const INVALIDATE_BATCH_MS = 30;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** 1 s, 2 s, 4 s ... up to 30 s, each between half and all of it: tabs refused together come back apart. */
export function retryDelayMs(failures: number, random = Math.random()): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures) * (0.5 + random / 2);
}

/** Code outside React (the document client) that follows a topic on the same connection. */
export interface TopicListener {
  /** The stream now carries the topic: anything before this moment may have been missed. */
  onReady(): void;
  onChange(payload: Record<string, unknown>): void;
  /** The server stopped carrying the topic: this viewer may no longer read it (read again to learn why). */
  onRevoked(): void;
}

const following = new Map<string, number>();
/** How many parts of the page still hold the stream back until they know their topics. */
let holds = 0;
/** Topics the server stopped carrying for this viewer; asked for again only once every screen let go of them. */
const revokedTopics = new Set<string>();
const topicListeners = new Map<string, Set<TopicListener>>();
let queryClient: QueryClient | undefined;
let source: EventSource | undefined;
let sourceTopics = '';
let lastEventId: string | undefined;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** After a refusal, no stream opens before this time (ms since the epoch), even for new topics. */
let retryNotBefore = 0;
const staleKeys = new Map<string, QueryKey>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Follows these topics while the component is mounted. */
export function useLiveTopics(topics: readonly string[]): void {
  const client = useQueryClient();
  const key = topics.join(',');
  useEffect(() => {
    queryClient = client;
    return follow(key === '' ? [] : key.split(','));
  }, [key, client]);
}

/**
 * Keeps the stream from opening or reopening while `holding` is true: for parts of the page
 * whose topics are not known yet. What they then follow is added in the same reconnect.
 */
export function useLiveStreamHold(holding = true): void {
  useEffect(() => (holding ? holdLiveStream() : undefined), [holding]);
}

/**
 * The first stream resumes after `cursor` (a page rendered on the server: where the events stood
 * before its answers were read), so the changes made since come as they would to an open stream.
 */
export function resumeLiveStreamFrom(cursor: string): void {
  lastEventId ??= cursor;
}

/** Keeps the stream from opening or reopening until the returned function is called (once is enough). */
export function holdLiveStream(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    scheduleReopen(0);
  };
}

/** Follows one topic on the tab's shared connection until the returned function is called. */
export function followTopic(topic: string, listener: TopicListener): () => void {
  const listeners = topicListeners.get(topic) ?? new Set();
  topicListeners.set(topic, listeners.add(listener));
  const unfollow = follow([topic]);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) topicListeners.delete(topic);
    unfollow();
  };
}

function follow(topics: string[]): () => void {
  for (const topic of topics) following.set(topic, (following.get(topic) ?? 0) + 1);
  scheduleReopen(0);
  return () => {
    for (const topic of topics) {
      const count = (following.get(topic) ?? 1) - 1;
      if (count > 0) following.set(topic, count);
      else {
        following.delete(topic);
        revokedTopics.delete(topic);
      }
    }
    scheduleReopen(0);
  };
}

function scheduleReopen(delayMs: number): void {
  clearTimeout(reopenTimer);
  // Screens mount and unmount together; one reconnect covers the whole change.
  reopenTimer = setTimeout(reopen, Math.max(delayMs, retryNotBefore - Date.now()));
}

function reopen(): void {
  // The stream already open keeps its topics until the page knows all of them.
  if (holds > 0) return;
  // A revoked topic asked for again would refuse the whole stream (403).
  const topics = [...following.keys()]
    .filter((topic) => !revokedTopics.has(topic))
    .sort()
    .join(',');
  if (source && source.readyState !== EventSource.CLOSED && topics === sourceTopics) return;
  source?.close();
  source = undefined;
  sourceTopics = topics;
  if (topics === '' || typeof EventSource === 'undefined') return;
  const resume = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '';
  const opened = new EventSource(`/api/live?topics=${encodeURIComponent(topics)}${resume}`);
  opened.addEventListener('open', () => {
    failures = 0;
    retryNotBefore = 0;
  });
  opened.addEventListener('ready', (event) => {
    lastEventId = (event as MessageEvent).lastEventId || lastEventId;
    for (const topic of topics.split(',')) topicListeners.get(topic)?.forEach((listener) => listener.onReady());
  });
  opened.addEventListener('change', (event) => receive(event as MessageEvent<string>));
  opened.addEventListener('revoked', (event) => revoke(event as MessageEvent<string>));
  opened.addEventListener('error', () => {
    // The browser retries a dropped stream itself; a refused one (closed) is retried here.
    if (opened.readyState === EventSource.CLOSED && source === opened) {
      retryNotBefore = Date.now() + retryDelayMs(failures++);
      scheduleReopen(0);
    }
  });
  source = opened;
}

function receive(event: MessageEvent<string>): void {
  if (event.lastEventId) lastEventId = event.lastEventId;
  const { topic, payload } = JSON.parse(event.data) as { topic: string; payload: Record<string, unknown> };
  topicListeners.get(topic)?.forEach((listener) => listener.onChange(payload));
  markStale(topic, payload);
}

/** The viewer lost access to a topic (a list made private, a session ended): screens read again and show why. */
function revoke(event: MessageEvent<string>): void {
  const { topic } = JSON.parse(event.data) as { topic: string };
  revokedTopics.add(topic);
  topicListeners.get(topic)?.forEach((listener) => listener.onRevoked());
  markStale(topic, {});
}

function markStale(topic: string, payload: Record<string, unknown>): void {
  const parsed = parseTopic(topic);
  if (!parsed) return;
  for (const key of handlers[parsed.kind](parsed, payload)) staleKeys.set(JSON.stringify(key), key);
  // A burst of changes refetches once.
  flushTimer ??= setTimeout(flushInvalidations, INVALIDATE_BATCH_MS);
}

function flushInvalidations(): void {
  flushTimer = undefined;
  const keys = [...staleKeys.values()];
  staleKeys.clear();
  for (const queryKey of keys) void queryClient?.invalidateQueries({ queryKey });
}

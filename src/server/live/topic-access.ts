import { parseTopic, type ParsedTopic } from '../../shared/live';
import type { Actor } from '../auth/session';
import { AppError } from '../http/app-error';
import type { EventAccess, StoredLiveEvent } from './event-store';

export type PathTopic = Extract<ParsedTopic, { kind: 'document' | 'collection' }>;

/** Whether this viewer (or a visitor, `null`) may follow this document or collection. */
export type PathTopicRule = (viewer: Actor | null, topic: PathTopic) => boolean | Promise<boolean>;

/**
 * How one event may reach one subscriber: `anyone` (a public topic, a public list); `viewer`
 * (only because of who the viewer is, so once their session is seen to still hold); `refused`
 * (the viewer may no longer read the topic: the stream stops carrying it).
 */
export type Delivery = 'anyone' | 'viewer' | 'refused';

/** Who may receive one event: worked out once per event, then asked once per subscriber. */
export type Audience = (viewer: Actor | null) => Delivery;

/** Who may receive an event on a document or collection topic, from its `access` (see `publish`). */
export type PathEventRule = (topic: PathTopic, access: EventAccess | undefined) => Audience;

export interface TopicAccess {
  /** The document store replaces the default rules with its own security rules. */
  setPathTopicRule(rule: PathTopicRule): void;
  setPathEventRule(rule: PathEventRule): void;
  /** Throws 401/403 when the viewer may not subscribe to one of the topics. */
  authorise(viewer: Actor | null, topics: readonly ParsedTopic[]): Promise<void>;
  /** Whether access still holds for this event and this subscriber (checked as events flow). */
  delivery(event: StoredLiveEvent, viewer: Actor | null): Delivery;
}

const PRIVATE_ROOTS = new Set(['users', 'diagnostics']);

export const everyone: Audience = () => 'anyone';
const nobody: Audience = () => 'refused';

/** Only signed-in viewers that `allowed` accepts. */
export const viewersWhere =
  (allowed: (viewer: Actor) => boolean): Audience =>
  (viewer) =>
    viewer !== null && allowed(viewer) ? 'viewer' : 'refused';

const ownerOfPrivateTree = (topic: PathTopic): string | null => {
  const [root, owner] = topic.path.split('/');
  return PRIVATE_ROOTS.has(root!) ? owner! : null;
};

/** Until the document store says more: everything is readable except other people's private trees. */
export const defaultPathTopicRule: PathTopicRule = (viewer, topic) => {
  const owner = ownerOfPrivateTree(topic);
  return owner === null || (viewer !== null && owner === viewer.id);
};

export const defaultPathEventRule: PathEventRule = (topic) => {
  const owner = ownerOfPrivateTree(topic);
  return owner === null ? everyone : viewersWhere((viewer) => viewer.id === owner);
};

const denied = () => new AppError('permission-denied', 'You may not follow one of these topics.');
const signInFirst = () => new AppError('unauthenticated', 'Please sign in to follow your own updates.');

export function createTopicAccess(): TopicAccess {
  let pathRule = defaultPathTopicRule;
  let pathEventRule = defaultPathEventRule;
  // The hub hands one event object to every subscriber of its topic: its audience is worked out once.
  const audiences = new WeakMap<StoredLiveEvent, Audience>();

  const audienceOf = (event: StoredLiveEvent): Audience => {
    const topic = parseTopic(event.topic);
    if (topic === null) return nobody;
    if (topic.kind === 'catalogue' || topic.kind === 'game') return everyone;
    if (topic.kind === 'user') return viewersWhere((viewer) => viewer.id === topic.userId);
    return pathEventRule(topic, event.access);
  };

  return {
    setPathTopicRule(rule) {
      pathRule = rule;
    },
    setPathEventRule(rule) {
      pathEventRule = rule;
    },
    async authorise(viewer, topics) {
      for (const topic of topics) {
        if (topic.kind === 'user') {
          if (!viewer) throw signInFirst();
          if (topic.userId !== viewer.id) throw denied();
        } else if (topic.kind === 'document' || topic.kind === 'collection') {
          if (!(await pathRule(viewer, topic))) throw denied();
        }
      }
    },
    delivery(event, viewer) {
      let audience = audiences.get(event);
      if (audience === undefined) {
        audience = audienceOf(event);
        audiences.set(event, audience);
      }
      return audience(viewer);
    },
  };
}

/** Whether the topics need to know who is asking (public topics do not read the session). */
export const needsViewer = (topics: readonly ParsedTopic[]) => topics.some((topic) => topic.kind !== 'catalogue' && topic.kind !== 'game');

import type { ParsedTopic } from '../../../shared/live';
import type { Actor } from '../../auth/session';
import { AppError } from '../../http/app-error';

export type PathTopic = Extract<ParsedTopic, { kind: 'document' | 'collection' }>;

/** Whether this viewer (or a visitor, `null`) may follow this document or collection. */
export type PathTopicRule = (viewer: Actor | null, topic: PathTopic) => boolean | Promise<boolean>;

export interface TopicAccess {
  /** The document store replaces the default rule with its own security rules. */
  setPathTopicRule(rule: PathTopicRule): void;
  /** Throws 401/403 when the viewer may not subscribe to one of the topics. */
  authorise(viewer: Actor | null, topics: readonly ParsedTopic[]): Promise<void>;
}

const PRIVATE_ROOTS = new Set(['users', 'diagnostics']);

/** Until the document store says more: everything is readable except other people's private trees. */
export const defaultPathTopicRule: PathTopicRule = (viewer, topic) => {
  const [root, owner] = topic.path.split('/');
  if (!PRIVATE_ROOTS.has(root!)) return true;
  return viewer !== null && owner === viewer.id;
};

const denied = () => new AppError('permission-denied', 'You may not follow one of these topics.');
const signInFirst = () => new AppError('unauthenticated', 'Please sign in to follow your own updates.');

export function createTopicAccess(): TopicAccess {
  let pathRule = defaultPathTopicRule;
  return {
    setPathTopicRule(rule) {
      pathRule = rule;
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
  };
}

/** Whether the topics need to know who is asking (public topics do not read the session). */
export const needsViewer = (topics: readonly ParsedTopic[]) => topics.some((topic) => topic.kind !== 'catalogue' && topic.kind !== 'game');

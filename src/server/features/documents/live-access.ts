import { eq } from 'drizzle-orm';
import { documentErrorOf, isDocumentPath, parseCollectionPath, parseDocumentPath } from '../../../shared/documents';
import type { EncodedData } from '../../../shared/documents';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import type { EventAccess } from '../../live/event-store';
import { everyone, viewersWhere, type PathEventRule, type PathTopicRule } from '../../live/topic-access';
import { canListenToCollection, canRead, readFacts } from './rules';

/** The live hub's check for `document:` and `collection:` topics, by the store's own rules. */
export function documentTopicRule(db: Db): PathTopicRule {
  return async (viewer, topic) => {
    const actor = viewer ? { id: viewer.id } : null;
    if (topic.kind === 'collection') {
      const valid = !isDocumentPath(topic.path) && !documentErrorOf(() => parseCollectionPath(topic.path));
      return valid && canListenToCollection(actor, topic.path);
    }
    if (documentErrorOf(() => parseDocumentPath(topic.path))) return false;
    const [row] = await db.select({ data: documents.data }).from(documents).where(eq(documents.path, topic.path));
    return canRead(actor, topic.path, (row?.data as EncodedData | undefined) ?? null);
  };
}

/** What a document's live events carry for `documentEventRule`: the read rule's facts after the change. */
export const documentEventAccess = (path: string, data: EncodedData | null): EventAccess => ({ data: readFacts(path, data) });

/**
 * The same rules asked again of every event as it flows, against the data the change left: a
 * follower of a list made private stops receiving its events from that change on.
 */
export const documentEventRule: PathEventRule = (topic, access) => {
  if (topic.kind === 'collection') {
    if (canListenToCollection(null, topic.path)) return everyone;
    return viewersWhere((viewer) => canListenToCollection({ id: viewer.id }, topic.path));
  }
  // An event without facts (from before they were kept) is judged as a document without data.
  const data = (access?.data ?? null) as EncodedData | null;
  if (canRead(null, topic.path, data)) return everyone;
  return viewersWhere((viewer) => canRead({ id: viewer.id }, topic.path, data));
};

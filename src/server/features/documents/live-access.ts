import { eq } from 'drizzle-orm';
import { documentErrorOf, isDocumentPath, parseCollectionPath, parseDocumentPath } from '../../../shared/documents';
import type { EncodedData } from '../../../shared/documents';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import type { PathTopicRule } from '../live/topic-access';
import { canListenToCollection, canRead } from './rules';

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

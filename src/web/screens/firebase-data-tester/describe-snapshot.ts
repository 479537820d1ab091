// How the live panel words a snapshot: the documents, then what changed since the last one.
import type { DocumentSnapshot, QuerySnapshot } from '../../lib/documents';
import { wireForm } from './outcome';

/** "pending" when the snapshot shows a write of this tab the server has not confirmed yet. */
const pendingNote = (snapshot: DocumentSnapshot | QuerySnapshot) => (snapshot.metadata.hasPendingWrites ? ' (pending)' : '');

export const describeDocument = (snapshot: DocumentSnapshot) =>
  (snapshot.exists() ? JSON.stringify(wireForm(snapshot.data())) : 'does not exist') + pendingNote(snapshot);

/** The documents, then what changed since the last snapshot (index before → after). */
export function describeQuery(snapshot: QuerySnapshot): string {
  const changes = snapshot.docChanges().map(({ type, doc: changed, oldIndex, newIndex }) => {
    const where = type === 'added' ? `at ${newIndex}` : type === 'removed' ? `from ${oldIndex}` : `${oldIndex} → ${newIndex}`;
    return `${type} ${changed.id} ${where}`;
  });
  const ids = snapshot.docs.map((entry) => entry.id).join(', ') || '(none)';
  const source = snapshot.metadata.hasPendingWrites ? 'pending' : snapshot.metadata.fromCache ? 'from cache' : 'from the server';
  return `${snapshot.size} document${snapshot.size === 1 ? '' : 's'}: ${ids}. Changes: ${changes.join('; ') || 'none'} (${source})`;
}

// What changed between two answers of one query, as Firestore's `docChanges()` says it: removals
// first (in the old order), then additions and modifications (in the new order). Each index is
// where the document stands in the list as the changes before it left it, so applying the
// changes one by one to the old list gives the new one.
import { type DocumentQuery, documentComparator, type StoredDocument } from '../../shared/documents';

export type DocumentChangeType = 'added' | 'modified' | 'removed';

export interface DocumentChangeOf<D> {
  type: DocumentChangeType;
  doc: D;
  /** Where the document was, or -1 when it was added. */
  oldIndex: number;
  /** Where it is now, or -1 when it was removed. */
  newIndex: number;
}

export function documentChanges(
  query: Pick<DocumentQuery, 'where' | 'orderBy'>,
  previous: StoredDocument[] | null,
  next: StoredDocument[],
): DocumentChangeOf<StoredDocument>[] {
  if (previous === null) return next.map((doc, i) => ({ type: 'added', doc, oldIndex: -1, newIndex: i }));
  const compare = documentComparator(query);
  const before = new Map(previous.map((doc) => [doc.path, doc]));
  const after = new Set(next.map((doc) => doc.path));
  const tracker = [...previous];
  const indexOf = (path: string) => tracker.findIndex((doc) => doc.path === path);
  const changes: DocumentChangeOf<StoredDocument>[] = [];
  for (const doc of previous) {
    if (after.has(doc.path)) continue;
    const oldIndex = indexOf(doc.path);
    tracker.splice(oldIndex, 1);
    changes.push({ type: 'removed', doc, oldIndex, newIndex: -1 });
  }
  for (const doc of next) {
    const old = before.get(doc.path);
    if (old && old.updateTime === doc.updateTime) continue;
    let oldIndex = -1;
    if (old) {
      oldIndex = indexOf(doc.path);
      tracker.splice(oldIndex, 1);
    }
    const position = tracker.findIndex((other) => compare(other, doc) > 0);
    const newIndex = position === -1 ? tracker.length : position;
    tracker.splice(newIndex, 0, doc);
    changes.push({ type: old ? 'modified' : 'added', doc, oldIndex, newIndex });
  }
  return changes;
}

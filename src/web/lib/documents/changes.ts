// What changed between two answers of one query, as Firestore's `docChanges()` says it: removals
// first (in the old order), then additions and modifications (in the new order). Each index is
// where the document stands in the list as the changes before it left it, so applying the
// changes one by one to the old list gives the new one.
import { type DocumentQuery, documentComparator, type EncodedData } from '../../../shared/documents';

/** What the changes need of a document: where it is, its fields (for the order) and its version. */
interface Versioned {
  path: string;
  id: string;
  data: EncodedData | null;
  updateTime: string | null;
}

export type DocumentChangeType = 'added' | 'modified' | 'removed';

export interface DocumentChangeOf<D> {
  type: DocumentChangeType;
  doc: D;
  /** Where the document was, or -1 when it was added. */
  oldIndex: number;
  /** Where it is now, or -1 when it was removed. */
  newIndex: number;
}

/** `same`: whether a document kept in the answer is unchanged (by default: the same update time). */
export function documentChanges<D extends Versioned>(
  query: Pick<DocumentQuery, 'where' | 'orderBy'>,
  previous: D[] | null,
  next: D[],
  same: (before: D, after: D) => boolean = (before, after) => before.updateTime === after.updateTime,
): DocumentChangeOf<D>[] {
  if (previous === null) return next.map((doc, i) => ({ type: 'added', doc, oldIndex: -1, newIndex: i }));
  const compare = documentComparator(query);
  const order = (a: D, b: D) => compare({ id: a.id, data: a.data ?? {} }, { id: b.id, data: b.data ?? {} });
  const before = new Map(previous.map((doc) => [doc.path, doc]));
  const after = new Set(next.map((doc) => doc.path));
  const tracker = [...previous];
  const indexOf = (path: string) => tracker.findIndex((doc) => doc.path === path);
  const changes: DocumentChangeOf<D>[] = [];
  for (const doc of previous) {
    if (after.has(doc.path)) continue;
    const oldIndex = indexOf(doc.path);
    tracker.splice(oldIndex, 1);
    changes.push({ type: 'removed', doc, oldIndex, newIndex: -1 });
  }
  for (const doc of next) {
    const old = before.get(doc.path);
    if (old && same(old, doc)) continue;
    let oldIndex = -1;
    if (old) {
      oldIndex = indexOf(doc.path);
      tracker.splice(oldIndex, 1);
    }
    const position = tracker.findIndex((other) => order(other, doc) > 0);
    const newIndex = position === -1 ? tracker.length : position;
    tracker.splice(newIndex, 0, doc);
    changes.push({ type: old ? 'modified' : 'added', doc, oldIndex, newIndex });
  }
  return changes;
}

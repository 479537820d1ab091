import { describe, expect, it } from 'vitest';
import type { DocumentQuery, StoredDocument } from '../../../shared/documents';
import { documentChanges } from './changes';

const byN: Pick<DocumentQuery, 'where' | 'orderBy'> = { where: [], orderBy: [{ field: 'n', direction: 'asc' }] };
const d = (id: string, n: number, version = 1): StoredDocument => ({
  path: `c/${id}`,
  id,
  data: { n },
  createTime: 't',
  updateTime: `v${version}`,
});
const describeChanges = (previous: StoredDocument[] | null, next: StoredDocument[]) =>
  documentChanges(byN, previous, next).map(({ type, doc, oldIndex, newIndex }) => `${type} ${doc.id} ${oldIndex}→${newIndex}`);

/** Applies changes one by one to the old list, as a listener keeping its own copy would. */
function apply(previous: StoredDocument[], next: StoredDocument[]): string[] {
  const list = previous.map((doc) => doc.id);
  for (const change of documentChanges(byN, previous, next)) {
    if (change.oldIndex >= 0) list.splice(change.oldIndex, 1);
    if (change.newIndex >= 0) list.splice(change.newIndex, 0, change.doc.id);
  }
  return list;
}

describe('docChanges', () => {
  it.each<[string, StoredDocument[] | null, StoredDocument[], string[]]>([
    ['the first snapshot adds every document in order', null, [d('a', 1), d('b', 2)], ['added a -1→0', 'added b -1→1']],
    ['nothing changed, nothing said', [d('a', 1)], [d('a', 1)], []],
    ['an addition in the middle', [d('a', 1), d('c', 3)], [d('a', 1), d('b', 2), d('c', 3)], ['added b -1→1']],
    ['a removal', [d('a', 1), d('b', 2), d('c', 3)], [d('a', 1), d('c', 3)], ['removed b 1→-1']],
    ['a modification in place', [d('a', 1), d('b', 2)], [d('a', 1), d('b', 2, 2)], ['modified b 1→1']],
    ['a modification that moves', [d('a', 1), d('b', 2), d('c', 3)], [d('b', 2), d('c', 3), d('a', 9, 2)], ['modified a 0→2']],
    [
      'removals come first, then additions and modifications in the new order',
      [d('a', 1), d('b', 2), d('c', 3)],
      [d('z', 0), d('c', 3), d('b', 5, 2)],
      ['removed a 0→-1', 'added z -1→0', 'modified b 1→2'],
    ],
  ])('%s', (_, previous, next, expected) => {
    expect(describeChanges(previous, next)).toEqual(expected);
    if (previous) expect(apply(previous, next)).toEqual(next.map((doc) => doc.id));
  });
});

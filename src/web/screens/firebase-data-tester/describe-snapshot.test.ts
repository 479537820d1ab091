import { describe, expect, it } from 'vitest';
import { DocumentSnapshot, QuerySnapshot } from '../../lib/documents';
import { describeDocument, describeQuery } from './describe-snapshot';

const row = (id: string, n: number, version = 1) => ({ path: `c/${id}`, id, data: { n }, createTime: 't', updateTime: `v${version}` });
const byN = { where: [], orderBy: [{ field: 'n', direction: 'asc' as const }] };

describe('the data tester words live snapshots with their changes', () => {
  it.each([
    ['the first snapshot', null, [row('a', 1), row('b', 2)], '2 documents: a, b. Changes: added a at 0; added b at 1 (from the server)'],
    [
      'a change',
      [row('a', 1), row('b', 2)],
      [row('b', 2), row('a', 5, 2)],
      '2 documents: b, a. Changes: modified a 0 → 1 (from the server)',
    ],
    ['a removal', [row('a', 1), row('b', 2)], [row('b', 2)], '1 document: b. Changes: removed a from 0 (from the server)'],
  ])('%s', (_, previous, next, text) => {
    const snapshot = new QuerySnapshot({ documents: next, hasMore: false }, byN, previous && { documents: previous, hasMore: false });
    expect(describeQuery(snapshot)).toBe(text);
  });
});

describe('the data tester marks snapshots with pending writes', () => {
  // A document as a listener shows it while this tab's write to it awaits the server.
  const pending = { ...row('b', 7, 2), exists: true, pending: true, serverTimes: new Map() };

  it('says "pending" for a query snapshot with a pending write', () => {
    const snapshot = new QuerySnapshot({ documents: [row('a', 1), pending], hasMore: false }, byN, {
      documents: [row('a', 1), row('b', 2)],
      hasMore: false,
    });
    expect(describeQuery(snapshot)).toBe('2 documents: a, b. Changes: modified b 1 → 1 (pending)');
  });

  it('says "pending" after a document with a pending write, and nothing after a confirmed one', () => {
    expect(describeDocument(new DocumentSnapshot(pending))).toBe('{"n":7} (pending)');
    expect(describeDocument(new DocumentSnapshot({ ...row('b', 7, 2), exists: true }))).toBe('{"n":7}');
  });
});

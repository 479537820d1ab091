import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDoc,
  and,
  arrayRemove,
  arrayUnion,
  Bytes,
  collection,
  deleteField,
  doc,
  documentId,
  DocumentError,
  endAt,
  endBefore,
  FieldPath,
  GeoPoint,
  getDoc,
  getDocs,
  increment,
  limitToLast,
  or,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  startAt,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from '.';
import { LIMIT_TO_LAST_MESSAGE } from '../../../shared/documents';
import { validationCases } from '../../../shared/documents/validation-cases';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
const sentBody = () => JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as unknown;

// The cases hold the wire form; a caller's map that looks like a tagged value is refused (below).
const hasWireTags = (data: unknown) => /"__(timestamp|geopoint|bytes)__"/.test(JSON.stringify(data) ?? '');

describe('the client refuses bad writes before sending, exactly as the server', () => {
  it.each(validationCases.filter(({ data }) => !hasWireTags(data)))('$rule', async ({ op, data, message }) => {
    const ref = doc('users/u1/things/a');
    const attempt = op === 'set' ? setDoc(ref, data as never) : updateDoc(ref, data as never);
    await expect(attempt).rejects.toThrow(DocumentError);
    await expect(attempt).rejects.toMatchObject({ code: 'invalid-argument', message });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a batch with one bad write, sending nothing', async () => {
    const batch = writeBatch()
      .set(doc('users/u1/a/b'), { ok: 1 })
      .set(doc('users/u1/a/c'), { m: { a: [1, [2]] } });
    await expect(batch.commit()).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'Nested arrays are not allowed (field "m.a")',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses limitToLast without orderBy as unimplemented', async () => {
    await expect(getDocs(query(collection('users/u1/things'), limitToLast(2)))).rejects.toMatchObject({
      code: 'unimplemented',
      message: LIMIT_TO_LAST_MESSAGE,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses paths of the wrong kind', () => {
    expect(() => doc('lists')).toThrow(DocumentError);
    expect(() => collection('lists/a')).toThrow(DocumentError);
  });
});

describe('query constraints as sent', () => {
  const things = collection('users/u1/things');
  const sent = async (...constraints: Parameters<typeof query>[1][]) => {
    answer({ documents: [], hasMore: false });
    await getDocs(query(things, ...constraints));
    return (JSON.parse(fetchMock.mock.calls.at(-1)![1]!.body as string) as { query: unknown }).query;
  };

  it.each<[string, Parameters<typeof query>[1][], unknown]>([
    [
      'or() and and() nest filters',
      [or(where('a', '==', 1), and(where('b', '>', 2), where('c', 'not-in', [3])))],
      {
        where: [
          {
            op: 'or',
            filters: [
              { field: 'a', op: '==', value: 1 },
              {
                op: 'and',
                filters: [
                  { field: 'b', op: '>', value: 2 },
                  { field: 'c', op: 'not-in', value: [3] },
                ],
              },
            ],
          },
        ],
        orderBy: [],
      },
    ],
    [
      'documentId() and FieldPath name fields',
      [where(documentId(), 'in', ['x', doc('users/u1/things/y')]), orderBy(new FieldPath('m', 'n'), 'desc')],
      {
        where: [{ field: '__name__', op: 'in', value: ['x', 'y'] }],
        orderBy: [{ field: 'm.n', direction: 'desc' }],
      },
    ],
    [
      'array-contains-any and in with arrays',
      [where('t', 'array-contains-any', ['a', 'b']), where('v', 'in', [[1], [2, 3]])],
      {
        where: [
          { field: 't', op: 'array-contains-any', value: ['a', 'b'] },
          { field: 'v', op: 'in', value: [[1], [2, 3]] },
        ],
        orderBy: [],
      },
    ],
    [
      'startAt and endBefore; a later start replaces an earlier one',
      [orderBy('n'), startAfter(1), startAt(2), endBefore(9)],
      {
        where: [],
        orderBy: [{ field: 'n', direction: 'asc' }],
        startAt: [2],
        endBefore: [9],
      },
    ],
  ])('%s', async (_, constraints, expected) => {
    expect(await sent(...constraints)).toEqual(expected);
  });

  it('takes a snapshot cursor on the implicit order: the inequality field, then the id', async () => {
    answer({ documents: [{ path: 'users/u1/things/a', id: 'a', data: { n: 2 }, createTime: 't', updateTime: 't' }], hasMore: false });
    const first = await getDocs(query(things, where('n', '>', 1)));
    expect(await sent(where('n', '>', 1), endAt(first.docs[0]!))).toEqual({
      where: [{ field: 'n', op: '>', value: 1 }],
      orderBy: [],
      endAt: [2, 'a'],
    });
  });

  it("refuses a query over Firestore's limits before sending it", async () => {
    const values = Array.from({ length: 10 }, (_, i) => i);
    await expect(getDocs(query(things, where('a', 'in', values), where('b', 'array-contains-any', [1, 2, 3, 4])))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: "This query's filters make 40 disjunctions in disjunctive normal form; at most 30 are allowed",
    });
    expect(() => new FieldPath('a', '')).toThrow('Field names must not be empty');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('typed snapshots and encoding', () => {
  it('sends tagged values and decodes them back', async () => {
    answer({ path: 'users/u1/things/a', id: 'a', exists: true, data: {}, createTime: 'x', updateTime: 'x' });
    await setDoc(doc('users/u1/things/a'), { at: Timestamp.fromMillis(0), where: new GeoPoint(1, 2) }, { merge: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/documents/users/u1/things/a');
    expect(sentBody()).toEqual({
      data: { at: { __timestamp__: '1970-01-01T00:00:00.000000Z' }, where: { __geopoint__: { latitude: 1, longitude: 2 } } },
      merge: true,
    });
    answer({
      path: 'users/u1/things/a',
      id: 'a',
      exists: true,
      data: { at: { __timestamp__: '1970-01-01T00:00:01.000Z' }, m: { n: 1 } },
      createTime: 't',
      updateTime: 't',
    });
    const snapshot = await getDoc(doc<{ at: Timestamp; m: { n: number } }>('users/u1/things/a'));
    expect(snapshot.exists()).toBe(true);
    expect(snapshot.data()?.at.toMillis()).toBe(1000);
    expect(snapshot.get('m.n')).toBe(1);
  });

  it('builds queries with a snapshot cursor and answers with a query snapshot', async () => {
    answer({ documents: [{ path: 'lists/a', id: 'a', data: { n: 2 }, createTime: 't', updateTime: 't' }], hasMore: true });
    const first = await getDocs(query(collection('lists'), where('public', '==', true), orderBy('n', 'desc')));
    expect(first.size).toBe(1);
    expect(first.hasMore).toBe(true);
    answer({ documents: [], hasMore: false });
    await getDocs(query(collection('lists'), where('public', '==', true), orderBy('n', 'desc'), startAfter(first.docs[0]!)));
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual({
      collection: 'lists',
      query: { where: [{ field: 'public', op: '==', value: true }], orderBy: [{ field: 'n', direction: 'desc' }], startAfter: [2, 'a'] },
    });
  });

  it('turns the server refusal into an error with its code', async () => {
    answer({ error: { code: 'permission-denied', message: 'Missing or insufficient permissions.' } }, 403);
    await expect(addDoc(collection('lists'), { name: 'x' })).rejects.toMatchObject({ code: 'permission-denied', status: 403 });
  });
});

class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: object = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ lastEventId: '', ...event });
  }
  change(topic: string, id: number) {
    this.emit('change', { lastEventId: String(id), data: JSON.stringify({ topic, payload: {} }) });
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('onSnapshot', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.useRealTimers());

  const stored = (v: number) => ({ path: 'users/u1/a/b', id: 'b', exists: true, data: { v }, createTime: 't', updateTime: `t${v}` });

  it('reads first, follows the topic on the shared live connection, then re-reads once per burst of changes', async () => {
    const seen: unknown[] = [];
    const { onSnapshot } = await import('.');
    answer(stored(1));
    const stop = onSnapshot(doc('users/u1/a/b'), (snapshot) => seen.push(snapshot.data()));
    await vi.waitFor(() => expect(seen).toEqual([{ v: 1 }]));
    await vi.advanceTimersByTimeAsync(1);
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/live?topics=document%3Ausers%2Fu1%2Fa%2Fb');
    answer(stored(2));
    source.emit('ready');
    await vi.advanceTimersByTimeAsync(25);
    await vi.waitFor(() => expect(seen).toEqual([{ v: 1 }, { v: 2 }]));
    answer(stored(3));
    source.change('document:users/u1/a/b', 7);
    source.change('document:users/u1/a/b', 8);
    await vi.advanceTimersByTimeAsync(25);
    await vi.waitFor(() => expect(seen).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(1);
    expect(source.closed).toBe(true);
    source.change('document:users/u1/a/b', 9);
    await vi.advanceTimersByTimeAsync(25);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  const row = (id: string, n: number, version = 1) => ({
    path: `users/u1/c/${id}`,
    id,
    data: { n },
    createTime: 't',
    updateTime: `v${version}`,
  });

  it('gives the first snapshot once, says nothing for changes outside the query, and tells what changed', async () => {
    const { onSnapshot, orderBy: order, query: makeQuery, collection: col } = await import('.');
    const seen: { ids: string[]; changes: string[]; pending: boolean; cached: boolean }[] = [];
    answer({ documents: [row('a', 1), row('b', 2)], hasMore: false });
    const stop = onSnapshot(makeQuery(col('users/u1/c'), order('n')), (snapshot) =>
      seen.push({
        ids: snapshot.docs.map((entry) => entry.id),
        changes: snapshot.docChanges().map((change) => `${change.type} ${change.doc.id} ${change.oldIndex} ${change.newIndex}`),
        pending: snapshot.metadata.hasPendingWrites,
        cached: snapshot.metadata.fromCache,
      }),
    );
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1);
    const source = FakeEventSource.opened.at(-1)!;
    answer({ documents: [row('a', 1), row('b', 2)], hasMore: false });
    source.emit('ready');
    await vi.advanceTimersByTimeAsync(25);
    answer({ documents: [row('a', 1), row('b', 2)], hasMore: false });
    source.change('collection:users/u1/c', 5);
    await vi.advanceTimersByTimeAsync(25);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([{ ids: ['a', 'b'], changes: ['added a -1 0', 'added b -1 1'], pending: false, cached: false }]);
    answer({ documents: [row('b', 2), row('a', 3, 2)], hasMore: false });
    source.change('collection:users/u1/c', 6);
    await vi.advanceTimersByTimeAsync(25);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({ ids: ['b', 'a'], changes: ['modified a 0 1'], pending: false, cached: false });
    stop();
  });

  it('gives a document snapshot once when the live connection opens on an unchanged document', async () => {
    const { onSnapshot } = await import('.');
    const seen: unknown[] = [];
    answer(stored(1));
    const stop = onSnapshot(doc('users/u1/a/b'), (snapshot) => seen.push(snapshot.metadata));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1);
    answer(stored(1));
    FakeEventSource.opened.at(-1)!.emit('ready');
    await vi.advanceTimersByTimeAsync(25);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([{ hasPendingWrites: false, fromCache: false }]);
    stop();
  });

  it('shares one connection between listeners and reports a refused read with its own code', async () => {
    const { onSnapshot } = await import('.');
    answer({ documents: [], hasMore: false });
    answer(stored(1));
    const sizes: number[] = [];
    const stopQuery = onSnapshot(query(collection('lists'), where('public', '==', true)), (snapshot) => sizes.push(snapshot.size));
    const stopDoc = onSnapshot(doc('users/u1/a/b'), () => {});
    await vi.waitFor(() => expect(sizes).toEqual([0]));
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened.filter((source) => !source.closed)).toHaveLength(1);
    expect(decodeURIComponent(FakeEventSource.opened.at(-1)!.url)).toBe('/api/live?topics=collection:lists,document:users/u1/a/b');
    answer({ error: { code: 'permission-denied', message: 'Missing or insufficient permissions.' } }, 403);
    const errors: string[] = [];
    onSnapshot(
      doc('users/u2/a/b'),
      () => {},
      (error) => errors.push((error as { code?: string }).code ?? error.message),
    );
    await vi.waitFor(() => expect(errors).toEqual(['permission-denied']));
    stopQuery();
    stopDoc();
  });
});

describe("values and writes as Firestore's client makes them", () => {
  const ref = doc('users/u1/things/a');
  const stored = { path: 'users/u1/things/a', id: 'a', exists: true, data: {}, createTime: 't', updateTime: 't' };

  it.each([
    ['a map posing as a timestamp', { t: { __timestamp__: '2024-05-01T12:00:00.000Z' } }],
    ['an own "__proto__" key', JSON.parse('{"m":{"__proto__":{"x":1}}}') as Record<string, unknown>],
  ])('refuses %s with the reserved-name message, sending nothing', async (_name, data) => {
    await expect(setDoc(ref, data)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'Document fields cannot begin and end with "__"',
    });
    await expect(addDoc(collection('users/u1/things'), data)).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a geo point out of range and bad Base64 as the server does', async () => {
    await expect(setDoc(ref, { at: new GeoPoint(90.5, 0) })).rejects.toMatchObject({
      message: 'Latitude must be a number between -90 and 90, but was: 90.5 (field "at")',
    });
    expect(() => Bytes.fromBase64String('QQ=')).toThrow('Failed to construct data from Base64 string');
  });

  it('refuses 3,000 levels of arrays and maps without overflowing the stack', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = i % 2 ? { m: deep } : [deep];
    await expect(setDoc(ref, { deep } as never)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^Values must not nest more than 20 levels/),
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends -0, NaN and ±Infinity tagged, and a microsecond timestamp', async () => {
    answer(stored);
    await setDoc(ref, { z: -0, n: Number.NaN, i: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY], t: new Timestamp(1, 2_345_678) });
    expect(sentBody()).toEqual({
      data: {
        z: { __double__: '-0' },
        n: { __double__: 'NaN' },
        i: [{ __double__: 'Infinity' }, { __double__: '-Infinity' }],
        t: { __timestamp__: '1970-01-01T00:00:01.002345Z' },
      },
      merge: false,
    });
  });

  it('sends FieldValues as transforms, in set, merge, mergeFields, update and add', async () => {
    for (let i = 0; i < 5; i++) answer(stored);
    await setDoc(ref, { at: serverTimestamp(), n: increment(1), keep: 'x' });
    await setDoc(ref, { gone: deleteField(), tags: arrayUnion('a') }, { merge: true });
    await setDoc(ref, { a: 1, b: 2, l: arrayRemove(3) }, { mergeFields: ['a', 'l'] });
    await updateDoc(ref, { 'm.n': increment(-1.5), 'm.gone': deleteField(), plain: true });
    await addDoc(collection('users/u1/things'), { at: serverTimestamp() });
    const bodies = fetchMock.mock.calls.map((call) => JSON.parse(call[1]!.body as string) as unknown);
    expect(bodies).toEqual([
      {
        data: { keep: 'x' },
        merge: false,
        transforms: [
          { field: 'at', op: 'serverTimestamp' },
          { field: 'n', op: 'increment', value: 1 },
        ],
      },
      {
        data: {},
        merge: true,
        transforms: [
          { field: 'gone', op: 'delete' },
          { field: 'tags', op: 'arrayUnion', values: ['a'] },
        ],
      },
      { data: { a: 1, b: 2 }, merge: false, mergeFields: ['a', 'l'], transforms: [{ field: 'l', op: 'arrayRemove', values: [3] }] },
      {
        data: { plain: true },
        transforms: [
          { field: 'm.n', op: 'increment', value: -1.5 },
          { field: 'm.gone', op: 'delete' },
        ],
      },
      { data: {}, transforms: [{ field: 'at', op: 'serverTimestamp' }] },
    ]);
  });

  it('updates a map given with a FieldValue inside: the map, then the transform', async () => {
    answer(stored);
    await updateDoc(ref, { m: { at: serverTimestamp(), n: 1 } });
    expect(sentBody()).toEqual({ data: { m: { n: 1 } }, transforms: [{ field: 'm.at', op: 'serverTimestamp' }] });
  });

  it('refuses deleteField() in a plain set or add, and mergeFields that name nothing', async () => {
    const inSet = 'deleteField() can only be used with update() and set() with merge or mergeFields';
    await expect(setDoc(ref, { gone: deleteField() })).rejects.toMatchObject({ code: 'invalid-argument', message: inSet });
    await expect(addDoc(collection('users/u1/things'), { gone: deleteField() })).rejects.toMatchObject({ message: inSet });
    await expect(setDoc(ref, { a: 1 }, { mergeFields: ['b'] })).rejects.toMatchObject({
      message: 'Field "b" is specified in your field mask but missing from your input data',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a batch commits once: used again it fails with failed-precondition, and an empty batch sends nothing', async () => {
    const empty = writeBatch();
    await expect(empty.commit()).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    answer({ results: [] });
    const batch = writeBatch().update(ref, { n: increment(1) });
    await batch.commit();
    expect(sentBody()).toEqual({
      writes: [{ op: 'update', path: ref.path, data: {}, transforms: [{ field: 'n', op: 'increment', value: 1 }] }],
    });
    const used = { code: 'failed-precondition', message: 'A write batch can no longer be used after commit() has been called.' };
    await expect(batch.commit()).rejects.toMatchObject(used);
    expect(() => batch.set(ref, { a: 1 })).toThrow(expect.objectContaining(used));
    await expect(empty.commit()).rejects.toMatchObject(used);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

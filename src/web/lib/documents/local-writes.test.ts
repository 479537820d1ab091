// Latency compensation: this tab's writes show at once in its listeners, with
// `metadata.hasPendingWrites`, then as the server confirms (or refuses) them. fetch stands in
// for the server (each request waits until the test answers it); the live connection is a fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Call {
  method: string;
  url: string;
  body: unknown;
  respond(body: unknown, status?: number): void;
}

const calls: Call[] = [];
const fetchMock = vi.fn<typeof fetch>();

class FakeEventSource {
  static CLOSED = 2;
  readyState = 0;
  constructor(readonly url: string) {}
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  calls.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    (url, init) =>
      new Promise((resolve) => {
        calls.push({
          method: init?.method ?? 'GET',
          url: String(url),
          body: init?.body ? JSON.parse(init.body as string) : undefined,
          respond: (body, status = 200) => resolve(new Response(JSON.stringify(body), { status })),
        });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The next request not answered yet, with this method (waits for it). */
async function request(method: string): Promise<Call> {
  let found: Call | undefined;
  await vi.waitFor(() => {
    found = calls.find((call) => call.method === method);
    expect(found).toBeDefined();
  });
  calls.splice(calls.indexOf(found!), 1);
  return found!;
}

/** Lets the write's answer reach the client, then the listener's re-read (after its 20 ms batching). */
const settle = () => vi.advanceTimersByTimeAsync(25);

const T0 = '2026-11-24T10:00:00.000000Z';
const T1 = '2026-11-24T10:00:05.000000Z';
const stored = (path: string, data: object, version = 1) => ({
  path,
  id: path.split('/').at(-1)!,
  exists: true,
  data,
  createTime: 'c',
  updateTime: `v${version}`,
});

async function load() {
  return import('.');
}

describe('a document listener', () => {
  const path = 'users/u1/a/b';

  async function listen(data: object, options: { includeMetadataChanges?: boolean } = {}) {
    const lib = await load();
    const seen: { data: unknown; pending: boolean; cached: boolean; exists: boolean }[] = [];
    const snapshots: InstanceType<typeof lib.DocumentSnapshot>[] = [];
    const onNext = (snapshot: InstanceType<typeof lib.DocumentSnapshot>) => {
      snapshots.push(snapshot);
      seen.push({
        data: snapshot.data(),
        pending: snapshot.metadata.hasPendingWrites,
        cached: snapshot.metadata.fromCache,
        exists: snapshot.exists(),
      });
    };
    const stop = lib.onSnapshot(lib.doc(path), options, onNext);
    (await request('GET')).respond(stored(path, data));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1);
    return { lib, seen, snapshots, stop, ref: lib.doc(path) };
  }

  it("shows a set at once as pending, with serverTimestamp() as null, then the server's state", async () => {
    const { lib, seen, snapshots, stop, ref } = await listen({ v: 1, at: { __timestamp__: T0 } });
    const written = lib.setDoc(ref, { v: 2, at: lib.serverTimestamp() }, { merge: true });
    expect(seen.at(-1)).toEqual({ data: { v: 2, at: null }, pending: true, cached: false, exists: true });
    const pending = snapshots.at(-1)!;
    const at = (mode: 'previous' | 'estimate') =>
      (pending.data({ serverTimestamps: mode }) as { at: InstanceType<typeof lib.Timestamp> }).at;
    expect(at('previous').toISOString()).toBe(T0);
    expect(at('estimate')).toBeInstanceOf(lib.Timestamp);
    expect(pending.get('at')).toBeNull();
    (await request('PUT')).respond(stored(path, { v: 2, at: { __timestamp__: T1 } }, 2));
    await written;
    await settle();
    (await request('GET')).respond(stored(path, { v: 2, at: { __timestamp__: T1 } }, 2));
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]!.pending).toBe(false);
    expect((seen[2]!.data as { at: { toISOString(): string } }).at.toISOString()).toBe(T1);
    stop();
  });

  it('applies increment, arrayUnion, arrayRemove and deleteField to the last known values', async () => {
    const { lib, seen, stop, ref } = await listen({ n: 1, tags: ['a', 'b'], gone: true, m: { keep: 1 } });
    const written = lib.updateDoc(ref, {
      n: lib.increment(2),
      tags: lib.arrayUnion('b', 'c'),
      'm.list': lib.arrayRemove('x'),
      gone: lib.deleteField(),
      'm.k': 'v',
    });
    expect(seen.at(-1)).toEqual({
      data: { n: 3, tags: ['a', 'b', 'c'], m: { keep: 1, k: 'v', list: [] } },
      pending: true,
      cached: false,
      exists: true,
    });
    (await request('PATCH')).respond(stored(path, {}, 2));
    await written;
    stop();
  });

  it('shows a delete as a pending missing document', async () => {
    const { lib, seen, stop, ref } = await listen({ v: 1 });
    void lib.deleteDoc(ref);
    expect(seen.at(-1)).toEqual({ data: undefined, pending: true, cached: false, exists: false });
    stop();
  });

  it('says nothing more when the confirmed data is as shown, unless asked for metadata changes', async () => {
    for (const includeMetadataChanges of [false, true]) {
      const { lib, seen, stop, ref } = await listen({ v: 1 }, { includeMetadataChanges });
      const written = lib.setDoc(ref, { v: 2 });
      expect(seen.map((entry) => entry.pending)).toEqual([false, true]);
      (await request('PUT')).respond(stored(path, { v: 2 }, 2));
      await written;
      await settle();
      (await request('GET')).respond(stored(path, { v: 2 }, 2));
      await settle();
      expect(seen.map((entry) => [entry.data, entry.pending])).toEqual(
        includeMetadataChanges
          ? [
              [{ v: 1 }, false],
              [{ v: 2 }, true],
              [{ v: 2 }, false],
            ]
          : [
              [{ v: 1 }, false],
              [{ v: 2 }, true],
            ],
      );
      stop();
      vi.resetModules();
    }
  });

  it("goes back to the server's state when the write is refused, and the write rejects", async () => {
    const { lib, seen, stop, ref } = await listen({ n: 1 });
    const written = lib.updateDoc(ref, { n: lib.increment(5) });
    expect(seen.at(-1)).toMatchObject({ data: { n: 6 }, pending: true });
    (await request('PATCH')).respond({ error: { code: 'permission-denied', message: 'Missing or insufficient permissions.' } }, 403);
    await expect(written).rejects.toMatchObject({ code: 'permission-denied' });
    expect(seen.at(-1)).toEqual({ data: { n: 1 }, pending: false, cached: false, exists: true });
    expect(seen).toHaveLength(3);
    stop();
  });

  it('hears nothing of a write to another document', async () => {
    const { lib, seen, stop } = await listen({ v: 1 });
    void lib.setDoc(lib.doc('users/u1/a/other'), { v: 9 });
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toHaveLength(1);
    stop();
  });
});

describe('a query listener', () => {
  const collectionPath = 'users/u1/c';
  /** A document as a query answers it (no `exists`). */
  const row = (id: string, n: number, version = 1) => ({
    path: `${collectionPath}/${id}`,
    id,
    data: { n },
    createTime: 'c',
    updateTime: `v${version}`,
  });

  async function listen(options: { includeMetadataChanges?: boolean } = {}) {
    const lib = await load();
    const seen: { ids: string[]; changes: string[]; pending: boolean; pendingIds: string[] }[] = [];
    const things = lib.collection(collectionPath);
    const stop = lib.onSnapshot(lib.query(things, lib.where('n', '>=', 1), lib.orderBy('n')), options, (snapshot) => {
      seen.push({
        ids: snapshot.docs.map((entry) => `${entry.id}=${String(entry.get('n'))}`),
        changes: snapshot.docChanges().map((change) => `${change.type} ${change.doc.id} ${change.oldIndex} ${change.newIndex}`),
        pending: snapshot.metadata.hasPendingWrites,
        pendingIds: snapshot.docs.filter((entry) => entry.metadata.hasPendingWrites).map((entry) => entry.id),
      });
    });
    (await request('POST')).respond({ documents: [row('a', 1), row('b', 2), row('c', 3)], hasMore: false });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1);
    return { lib, seen, stop, things };
  }

  it('shows an added document where the query puts it, then the confirmed answer', async () => {
    const { lib, seen, stop, things } = await listen();
    const adding = lib.addDoc(things, { n: 1.5 });
    const put = await request('PUT');
    const id = put.url.split('/').at(-1)!.split('?')[0]!;
    expect(put.url).toBe(`/api/documents/${collectionPath}/${id}?currentDocument.exists=false`);
    expect(put.body).toEqual({ data: { n: 1.5 } });
    expect(seen.at(-1)).toEqual({
      ids: ['a=1', `${id}=1.5`, 'b=2', 'c=3'],
      changes: [`added ${id} -1 1`],
      pending: true,
      pendingIds: [id],
    });
    put.respond(stored(`${collectionPath}/${id}`, { n: 1.5 }, 2));
    expect((await adding).id).toBe(id);
    await settle();
    const added = row(id, 1.5, 2);
    (await request('POST')).respond({ documents: [row('a', 1), added, row('b', 2), row('c', 3)], hasMore: false });
    await settle();
    expect(seen).toHaveLength(2);
    stop();
  });

  it('moves, drops and removes documents as updates, sets and deletes change them', async () => {
    const { lib, seen, stop, things } = await listen();
    void lib.updateDoc(lib.doc(`${collectionPath}/a`), { n: lib.increment(9) });
    expect(seen.at(-1)).toEqual({ ids: ['b=2', 'c=3', 'a=10'], changes: ['modified a 0 2'], pending: true, pendingIds: ['a'] });
    void lib.setDoc(lib.doc(`${collectionPath}/c`), { n: 0 });
    expect(seen.at(-1)).toEqual({ ids: ['b=2', 'a=10'], changes: ['removed c 1 -1'], pending: true, pendingIds: ['a'] });
    void lib.deleteDoc(lib.doc(`${collectionPath}/b`));
    expect(seen.at(-1)).toEqual({ ids: ['a=10'], changes: ['removed b 0 -1'], pending: true, pendingIds: ['a'] });
    void lib.setDoc(lib.doc(`${collectionPath}/d`), { n: 5, other: 1 }, { mergeFields: ['n'] });
    expect(seen.at(-1)).toEqual({ ids: ['d=5', 'a=10'], changes: ['added d -1 0'], pending: true, pendingIds: ['d', 'a'] });
    expect(seen).toHaveLength(5);
    void things;
    stop();
  });

  it("shows a write batch at once, and the server's state again when the batch is refused", async () => {
    const { lib, seen, stop } = await listen();
    const committing = lib
      .writeBatch()
      .set(lib.doc(`${collectionPath}/b`), { n: 7 }, { merge: true })
      .update(lib.doc(`${collectionPath}/a`), { n: 0 })
      .commit();
    expect(seen.at(-1)).toEqual({ ids: ['c=3', 'b=7'], changes: ['removed a 0 -1', 'modified b 0 1'], pending: true, pendingIds: ['b'] });
    (await request('POST')).respond({ error: { code: 'failed-precondition', message: 'no' } }, 400);
    await expect(committing).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(seen.at(-1)).toEqual({
      ids: ['a=1', 'b=2', 'c=3'],
      changes: ['added a -1 0', 'modified b 2 1'],
      pending: false,
      pendingIds: [],
    });
    stop();
  });

  it('with includeMetadataChanges, hears the confirmation that changed no data', async () => {
    const { lib, seen, stop } = await listen({ includeMetadataChanges: true });
    const written = lib.setDoc(lib.doc(`${collectionPath}/b`), { n: 2.5 });
    expect(seen.at(-1)!.pending).toBe(true);
    (await request('PUT')).respond(stored(`${collectionPath}/b`, { n: 2.5 }, 2));
    await written;
    await settle();
    (await request('POST')).respond({ documents: [row('a', 1), row('b', 2.5, 2), row('c', 3)], hasMore: false });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]).toEqual({ ids: ['a=1', 'b=2.5', 'c=3'], changes: [], pending: false, pendingIds: [] });
    stop();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMIT_TO_LAST_MESSAGE } from '../../shared/documents';
import { validationCases } from '../../shared/documents/validation-cases';
import {
  addDoc, collection, doc, DocumentError, GeoPoint, getDoc, getDocs, limitToLast, orderBy, query, setDoc,
  startAfter, Timestamp, updateDoc, where, writeBatch,
} from './documents';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
const sentBody = () => JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as unknown;

describe('the client refuses bad writes before sending, exactly as the server', () => {
  it.each(validationCases)('$rule', async ({ op, data, message }) => {
    const ref = doc('users/u1/things/a');
    const attempt = op === 'set' ? setDoc(ref, data as never) : updateDoc(ref, data as never);
    await expect(attempt).rejects.toThrow(DocumentError);
    await expect(attempt).rejects.toMatchObject({ code: 'invalid-argument', message });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a batch with one bad write, sending nothing', async () => {
    const batch = writeBatch().set(doc('users/u1/a/b'), { ok: 1 }).set(doc('users/u1/a/c'), { __no__: 1 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 'invalid-argument', message: 'Document fields cannot begin and end with "__"' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses limitToLast without orderBy as unimplemented', async () => {
    await expect(getDocs(query(collection('users/u1/things'), limitToLast(2)))).rejects.toMatchObject({
      code: 'unimplemented', message: LIMIT_TO_LAST_MESSAGE,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses paths of the wrong kind', () => {
    expect(() => doc('lists')).toThrow(DocumentError);
    expect(() => collection('lists/a')).toThrow(DocumentError);
  });
});

describe('typed snapshots and encoding', () => {
  it('sends tagged values and decodes them back', async () => {
    answer({ path: 'users/u1/things/a', id: 'a', exists: true, data: {}, createTime: 'x', updateTime: 'x' });
    await setDoc(doc('users/u1/things/a'), { at: Timestamp.fromMillis(0), where: new GeoPoint(1, 2) }, { merge: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/documents/users/u1/things/a');
    expect(sentBody()).toEqual({
      data: { at: { __timestamp__: '1970-01-01T00:00:00.000Z' }, where: { __geopoint__: { latitude: 1, longitude: 2 } } },
      merge: true,
    });
    answer({ path: 'users/u1/things/a', id: 'a', exists: true, data: { at: { __timestamp__: '1970-01-01T00:00:01.000Z' }, m: { n: 1 } }, createTime: 't', updateTime: 't' });
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

  const stored = (v: number) => ({ path: 'users/u1/a/b', id: 'b', exists: true, data: { v }, createTime: 't', updateTime: 't' });

  it('reads first, follows the topic on the shared live connection, then re-reads once per burst of changes', async () => {
    const seen: unknown[] = [];
    const { onSnapshot } = await import('./documents');
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

  it('shares one connection between listeners and reports a refused read with its own code', async () => {
    const { onSnapshot } = await import('./documents');
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
    onSnapshot(doc('users/u2/a/b'), () => {}, (error) => errors.push((error as { code?: string }).code ?? error.message));
    await vi.waitFor(() => expect(errors).toEqual(['permission-denied']));
    stopQuery();
    stopDoc();
  });
});

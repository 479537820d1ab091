import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrayUnion, doc, increment, serverTimestamp } from '.';
import { MAX_TRANSACTION_ATTEMPTS, READ_AFTER_WRITE_MESSAGE, runTransaction } from './transactions';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const stored = (games: number[], updateTime: string) =>
  json({ path: 'lists/l1', id: 'l1', exists: true, data: { games }, createTime: updateTime, updateTime });
const changedSinceRead = () => json({ error: { code: 'failed-precondition', message: 'The document changed since it was read.' } }, 412);
const committed = () => json({ results: [] });
const sentWrites = (call: number) => (JSON.parse(fetchMock.mock.calls[call]![1]!.body as string) as { writes: unknown[] }).writes;

/** Adds game 9 to list l1's games, as the lists do. */
const addNine = () =>
  runTransaction(async (transaction) => {
    const list = await transaction.get(doc<{ games: number[] }>('lists/l1'));
    transaction.update(doc('lists/l1'), { games: [...list.data()!.games, 9] });
    return list.data()!.games.length;
  });

describe('runTransaction', () => {
  it('writes on condition that the document is still as read', async () => {
    fetchMock.mockResolvedValueOnce(stored([1], '2026-11-23T10:00:00.000Z')).mockResolvedValueOnce(committed());
    expect(await addNine()).toBe(1);
    expect(sentWrites(1)).toEqual([
      { op: 'update', path: 'lists/l1', data: { games: [1, 9] }, precondition: { updateTime: '2026-11-23T10:00:00.000Z' } },
    ]);
  });

  it('checks only the first of several writes to one document against the read', async () => {
    fetchMock.mockResolvedValueOnce(stored([1], '2026-11-23T10:00:00.000Z')).mockResolvedValueOnce(committed());
    await runTransaction(async (transaction) => {
      await transaction.get(doc('lists/l1'));
      transaction.update(doc('lists/l1'), { games: [] }).update(doc('lists/l1'), { name: 'Emptied' });
    });
    expect(sentWrites(1)).toEqual([
      { op: 'update', path: 'lists/l1', data: { games: [] }, precondition: { updateTime: '2026-11-23T10:00:00.000Z' } },
      { op: 'update', path: 'lists/l1', data: { name: 'Emptied' } },
    ]);
  });

  it('reads again and keeps the change that came between, when the store answers that the document changed', async () => {
    fetchMock
      .mockResolvedValueOnce(stored([1], '2026-11-23T10:00:00.000Z'))
      .mockResolvedValueOnce(changedSinceRead())
      .mockResolvedValueOnce(stored([1, 2], '2026-11-23T10:00:01.000Z'))
      .mockResolvedValueOnce(committed());
    expect(await addNine()).toBe(2);
    expect(sentWrites(3)).toEqual([
      { op: 'update', path: 'lists/l1', data: { games: [1, 2, 9] }, precondition: { updateTime: '2026-11-23T10:00:01.000Z' } },
    ]);
  });

  it(`gives up with the store's error after ${MAX_TRANSACTION_ATTEMPTS} attempts`, async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'GET' ? stored([1], '2026-11-23T10:00:00.000Z') : changedSinceRead(),
    );
    await expect(addNine()).rejects.toMatchObject({ code: 'failed-precondition', status: 412 });
    expect(fetchMock).toHaveBeenCalledTimes(2 * MAX_TRANSACTION_ATTEMPTS);
  });

  it('creates a document only if it still does not exist, and sends nothing when nothing is written', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ path: 'lists/l2', id: 'l2', exists: false, data: null, createTime: null, updateTime: null }))
      .mockResolvedValueOnce(committed());
    await runTransaction(async (transaction) => {
      if (!(await transaction.get(doc('lists/l2'))).exists()) transaction.set(doc('lists/l2'), { games: [] });
    });
    expect(sentWrites(1)).toEqual([{ op: 'set', path: 'lists/l2', data: { games: [] }, merge: false, precondition: { exists: false } }]);

    fetchMock.mockReset().mockResolvedValueOnce(stored([1], '2026-11-23T10:00:00.000Z'));
    await runTransaction((transaction) => transaction.get(doc('lists/l1')));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('holds the commit to the documents it only read, as verify writes', async () => {
    fetchMock
      .mockResolvedValueOnce(stored([1], '2026-11-23T10:00:00.000Z'))
      .mockResolvedValueOnce(json({ path: 'lists/l2', id: 'l2', exists: false, data: null, createTime: null, updateTime: null }))
      .mockResolvedValueOnce(committed());
    await runTransaction(async (transaction) => {
      const source = await transaction.get(doc<{ games: number[] }>('lists/l1'));
      await transaction.get(doc('lists/l2'));
      transaction.set(doc('users/u1/copies/c1'), { games: source.data()!.games });
    });
    expect(sentWrites(2)).toEqual([
      { op: 'verify', path: 'lists/l1', precondition: { updateTime: '2026-11-23T10:00:00.000Z' } },
      { op: 'verify', path: 'lists/l2', precondition: { exists: false } },
      { op: 'set', path: 'users/u1/copies/c1', data: { games: [1] }, merge: false },
    ]);
  });

  it('refuses a read after a write, and does not retry other errors', async () => {
    await expect(
      runTransaction(async (transaction) => {
        transaction.delete(doc('lists/l1'));
        await transaction.get(doc('lists/l1'));
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: READ_AFTER_WRITE_MESSAGE });
    fetchMock.mockResolvedValue(json({ error: { code: 'permission-denied', message: 'Missing or insufficient permissions.' } }, 403));
    await expect(addNine()).rejects.toMatchObject({ code: 'permission-denied' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('runTransaction with FieldValues and mergeFields', () => {
  it('sends them as transforms and mergeFields, on condition of the read', async () => {
    fetchMock.mockResolvedValueOnce(stored([1], '2026-11-23T10:00:00.000Z')).mockResolvedValueOnce(committed());
    await runTransaction(async (transaction) => {
      await transaction.get(doc('lists/l1'));
      transaction.update(doc('lists/l1'), { games: arrayUnion(9), plays: increment(1) });
      transaction.set(doc('lists/l2'), { name: 'x', at: serverTimestamp() }, { mergeFields: ['at'] });
    });
    expect(sentWrites(1)).toEqual([
      {
        op: 'update',
        path: 'lists/l1',
        data: {},
        transforms: [
          { field: 'games', op: 'arrayUnion', values: [9] },
          { field: 'plays', op: 'increment', value: 1 },
        ],
        precondition: { updateTime: '2026-11-23T10:00:00.000Z' },
      },
      {
        op: 'set',
        path: 'lists/l2',
        data: { name: 'x' },
        merge: false,
        mergeFields: ['at'],
        transforms: [{ field: 'at', op: 'serverTimestamp' }],
      },
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runChecked } from './document-operations';
import { attempt } from './outcome';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("the data tester's checked mode", () => {
  it.each(['set', 'merge', 'update', 'add'] as const)(
    'refuses a "__proto__" key on %s in the browser instead of dropping it',
    async (operation) => {
      const outcome = await attempt(() => runChecked(operation, 'users/u1/things/a', '{"keep": 1, "__proto__": {"x": 1}}'));
      expect(outcome).toEqual({
        kind: 'error',
        code: 'invalid-argument',
        message: 'Document fields cannot begin and end with "__"',
        where: 'browser',
      });
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('sends the wire form it was given, tagged numbers and microsecond times included', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const json = '{"z": {"__double__": "-0"}, "t": {"__timestamp__": "2024-05-01T12:00:00.123456Z"}}';
    expect(await attempt(() => runChecked('set', 'users/u1/things/a', json))).toMatchObject({ kind: 'ok' });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ data: JSON.parse(json), merge: false });
  });
});

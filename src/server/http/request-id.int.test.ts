import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';

// Someone reporting a failure quotes the id their answer carried; the operator finds that
// request's log lines by it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const logLines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
});
afterAll(() => t.close());

describe('the request id', () => {
  it('comes with every answer, a new one each time: success, not found, refused, and web pages', async () => {
    const answers = await Promise.all([
      t.app.inject('/api/health'),
      t.app.inject('/api/no-such-endpoint'),
      t.app.inject({ method: 'POST', url: '/api/me/onboarding', payload: {} }),
      t.app.inject('/games'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 403, 200]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a proxy's id when it is a short safe token, and replaces anything else", async () => {
    const sent = async (id: string) =>
      (await t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } })).headers['x-request-id'];
    expect(await sent('edge-7f3a.91:2')).toBe('edge-7f3a.91:2');
    for (const unsafe of ['has space', 'x'.repeat(65), '<script>', 'a"b', 'ünïcode']) {
      expect(await sent(unsafe)).toMatch(UUID);
    }
  });

  it('is in the JSON log lines about the request, under requestId', async () => {
    const answer = await t.app.inject({ url: '/api/categories', headers: { 'x-request-id': 'trace-me-42' } });
    expect(answer.headers['x-request-id']).toBe('trace-me-42');
    const lines = logLines.filter((line) => line.requestId === 'trace-me-42');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]).toMatchObject({ res: { statusCode: 200 } });
  });
});

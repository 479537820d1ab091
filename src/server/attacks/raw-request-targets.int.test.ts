import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { firstAnswerOf, sendRaw } from '../../test-support/server/raw-http';
import { listenOnLoopback } from '../../test-support/server/sse-client';
import { FOREIGN_ORIGIN_MESSAGE } from '../http/origin-check';

// Request targets no browser sends, written byte by byte on a real connection (an HTTP library
// would tidy them first): what the app's own reading of the target makes of them.

const failures: Record<string, unknown>[] = [];
let t: TestApp;
let origin: string;

beforeAll(async () => {
  const logStream = {
    write: (line: string) => {
      const entry = JSON.parse(line) as { level: number };
      if (entry.level >= 50) failures.push(entry);
    },
  };
  t = await createTestApp({ env: { LOG_LEVEL: 'error' }, logStream });
  origin = await listenOnLoopback(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  failures.length = 0;
});

const send = async (method: string, target: string, from = TEST_BASE_URL) =>
  firstAnswerOf(
    await sendRaw(
      origin,
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${from}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    ),
  );

describe('a target that begins with //', () => {
  it('is a path, never a host: every method is answered 404 in the API shape', async () => {
    // Parsed against a base URL, "//" starts a host, and one that is no valid host threw (500).
    for (const target of ['//%F2%A4%B9%8B%F4%87%B9%BB%E7%88%9A', '//evil.example/api/me/onboarding', '//[/api']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(await send(method, target), `${method} ${target}`).toMatchObject({ status: 404, body: { error: { code: 'not-found' } } });
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('an absolute-form target (http://host/path, as a proxy is sent)', () => {
  it('is read by its path: a write from another origin is refused, and Better Auth answers its endpoint', async () => {
    expect(await send('PUT', 'HTTP://evil.example/api/me/onboarding', 'http://evil.example')).toEqual({
      status: 403,
      body: { error: { code: 'permission-denied', message: FOREIGN_ORIGIN_MESSAGE } },
    });
    expect(await send('POST', 'http://127.0.0.1/api/auth/sign-in/email')).toMatchObject({ status: 400 });
    expect(failures).toEqual([]);
  });
});

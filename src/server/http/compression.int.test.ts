import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { signUpMember } from '../../test-support/server/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const decompress = { br: brotliDecompressSync, gzip: gunzipSync };

async function read(url: string, encoding: 'br' | 'gzip') {
  const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe(encoding);
  expect(response.headers.vary).toContain('accept-encoding');
  return JSON.parse(decompress[encoding](response.rawPayload).toString()) as unknown;
}

describe('compressed answers', () => {
  it.each(['br', 'gzip'] as const)('are the answer itself, compressed with %s, the same when sent again', async (encoding) => {
    const plain = (await t.app.inject('/api/games?pageSize=24')).json();
    expect(await read('/api/games?pageSize=24', encoding)).toEqual(plain);
    expect(await read('/api/games?pageSize=24', encoding)).toEqual(plain);
  });

  it('show a change at once, although the answer before it was remembered', async () => {
    const before = (await read('/api/games/1', 'br')) as { playCount: number };
    const { client } = await signUpMember(t.app, { name: 'Player' });
    expect((await client.post('/api/games/1/plays')).json()).toMatchObject({ counted: true });
    expect(await read('/api/games/1', 'br')).toMatchObject({ playCount: before.playCount + 1 });
  });
});

import { constants, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compressStart, continueStart, gzipBeginning, gzipWithEnd, plainWithEnd } from './spliced-gzip';

const START = `<!doctype html><html><head><title>Ünïcödé — 遊戲</title></head><body><div id="root">${'<p>A game</p>'.repeat(500)}</div>`;

describe('a gzip answer made of a kept start and a fresh end', () => {
  it('decodes, checksum and length checked, to the start followed by the end', async () => {
    const start = await compressStart(Buffer.from(START));
    for (const end of ['<script>"1-2"</script></body></html>', '', 'ü'.repeat(70_000)]) {
      expect(gunzipSync(gzipWithEnd(start, end)).toString()).toBe(START + end);
    }
  });

  it('sends the start once compressed, whatever end follows', async () => {
    const start = await compressStart(Buffer.from(START));
    const one = gzipWithEnd(start, '<script>"1-2"</script>');
    const other = gzipWithEnd(start, '<script>"3-4"</script>');
    expect(one.subarray(0, 10 + start.deflated.length)).toEqual(other.subarray(0, 10 + start.deflated.length));
    expect(start.deflated.length).toBeLessThan(START.length / 10);
  });

  it('may send its first part ahead: the two writes decode as one answer, and the first alone to that part', async () => {
    const [head, screen] = [START.slice(0, 60), START.slice(60)];
    const start = await continueStart(await compressStart(Buffer.from(head)), Buffer.from(screen));
    const end = '<script>"1-2"</script></body></html>';
    const ahead = gzipBeginning(start);
    expect(inflateRawSync(ahead.subarray(10), { finishFlush: constants.Z_SYNC_FLUSH }).toString()).toBe(head);
    expect(gunzipSync(Buffer.concat([ahead, gzipWithEnd(start, end, true)])).toString()).toBe(START + end);
    expect(gunzipSync(gzipWithEnd(start, end)).toString()).toBe(START + end);
    expect(plainWithEnd(start, end).toString()).toBe(START + end);
  });

  it('is the whole document uncompressed for a client that takes no gzip', async () => {
    expect(plainWithEnd(await compressStart(Buffer.from(START)), '</html>').toString()).toBe(`${START}</html>`);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['br', false],
    ['gzip;q=0', false],
    ['identity', false],
    ['x-gzip-like', false],
    ['', false],
    [undefined, false],
  ])('%s takes gzip: %s', (header, takes) => {
    expect(acceptsGzip(header)).toBe(takes);
  });
});

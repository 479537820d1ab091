import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rememberResults } from './remembered-compression';

const answer = (text: string) => Buffer.from(JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => `${text} ${i}`) }));

describe('rememberResults', () => {
  it('answers what zlib answers, and the same result again for the same bytes', () => {
    let calls = 0;
    const gzip = rememberResults((input, options) => (calls++, zlib.gzipSync(input, options)));
    const first = gzip(answer('a'));
    expect(zlib.gunzipSync(first).toString()).toBe(answer('a').toString());
    expect(gzip(answer('a'))).toBe(first);
    expect(calls).toBe(1);
  });

  it('compresses changed bytes afresh', () => {
    const gzip = rememberResults(zlib.gzipSync);
    gzip(answer('a'));
    expect(zlib.gunzipSync(gzip(answer('b'))).toString()).toBe(answer('b').toString());
  });

  it('forgets the least recently sent answers beyond its size, and never keeps one larger than that', () => {
    let calls = 0;
    const size = answer('a').length;
    // Room for two answers and their compressed forms, not three.
    const gzip = rememberResults((input) => (calls++, zlib.gzipSync(input)), 2 * size + 2 * 200);
    gzip(answer('a'));
    gzip(answer('b'));
    gzip(answer('a')); // now the most recent
    gzip(answer('c')); // pushes out b
    calls = 0;
    gzip(answer('a'));
    gzip(answer('c'));
    expect(calls).toBe(0);
    gzip(answer('b'));
    expect(calls).toBe(1);

    const tight = rememberResults((input) => (calls++, zlib.gzipSync(input)), 10);
    calls = 0;
    tight(answer('a'));
    tight(answer('a'));
    expect(calls).toBe(2);
  });
});

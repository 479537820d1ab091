import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, scanJson } from './input-checks';

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Object.values(value as object);
  return 1 + Math.max(0, ...children.map(depthOf));
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, child]) => key.includes('\u0000') || holdsNul(child));
}

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('scanJson', () => {
  it('allows exactly the maximum depth and refuses one level more', () => {
    expect(scanJson(nested(MAX_JSON_DEPTH)).tooDeep).toBe(false);
    expect(scanJson(nested(MAX_JSON_DEPTH + 1)).tooDeep).toBe(true);
    expect(scanJson('{"a":'.repeat(100_000)).tooDeep).toBe(true);
  });

  it('does not count brackets, quotes or escapes inside strings', () => {
    expect(scanJson(JSON.stringify({ s: '['.repeat(1000) + '"\\' })).tooDeep).toBe(false);
    expect(scanJson(JSON.stringify(['\\u0000'])).hasNul).toBe(false);
    expect(scanJson(JSON.stringify(['a\\', '\u0000'])).hasNul).toBe(true);
  });

  it('agrees with the parsed value on depth and NUL, for any JSON', () => {
    const text = fc.oneof(fc.string(), fc.constantFrom('\u0000', '\\', '"', '[', '{', '\\u0000'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 6 },
        fc.jsonValue({ maxDepth: 1 }),
        text,
        fc.array(tie('node'), { maxLength: 2 }),
        fc.dictionary(text, tie('node'), { maxKeys: 2 }),
      ),
    })).node;
    // Wrapped in up to 70 more levels, so both sides of the limit come up often.
    const wrapped = fc.tuple(value, fc.nat(70)).map(([v, levels]) => {
      let out: unknown = v;
      for (let i = 0; i < levels; i++) out = i % 2 ? [out] : { k: out };
      return out;
    });
    fc.assert(
      fc.property(wrapped, (v) => {
        const scan = scanJson(JSON.stringify(v));
        expect(scan.tooDeep).toBe(depthOf(v) > MAX_JSON_DEPTH);
        // Too deep stops the scan: NUL is then not looked for further.
        if (!scan.tooDeep) expect(scan.hasNul).toBe(holdsNul(v));
      }),
      { numRuns: 500 },
    );
  });
});

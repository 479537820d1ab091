import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestOf } from './best-of';

describe('bestOf', () => {
  it('gives what sorting everything and taking the first few gives', () => {
    const item = fc.record({ score: fc.integer({ min: 0, max: 5 }), id: fc.integer() });
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (x) => x.id, maxLength: 60 }), fc.integer({ min: 0, max: 12 }), (items, limit) => {
        const order = (a: (typeof items)[number], b: (typeof items)[number]) => b.score - a.score || b.id - a.id;
        expect(bestOf(items, limit, (a, b) => order(a, b) < 0)).toEqual([...items].sort(order).slice(0, limit));
      }),
      { numRuns: 500 },
    );
  });
});

// The store's evaluator against the independent one written from Firestore's rules, with many
// more runs than the database property test can afford.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentArbitrary, queryArbitrary } from '../../test-support/documents/arbitraries';
import { evaluateQuery } from '../../test-support/documents/in-memory-query';
import { evaluateDocumentQuery, validateQuery } from './query';
import type { EncodedData } from './values';

describe('the store evaluates queries as Firestore documents them', () => {
  it('for random documents and queries', () => {
    fc.assert(
      fc.property(fc.array(documentArbitrary, { maxLength: 14 }), queryArbitrary, (docs, raw) => {
        const memory = docs.map((data, i) => ({ id: `d${i}`, data: data as EncodedData }));
        const query = validateQuery(raw);
        const answer = evaluateDocumentQuery(memory, query);
        expect({ ids: answer.documents.map((doc) => doc.id), hasMore: answer.hasMore }).toEqual(evaluateQuery(memory, query));
      }),
      { numRuns: 2000 },
    );
  });
});

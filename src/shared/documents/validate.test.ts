import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentError, documentErrorOf } from './errors';
import { parseCollectionPath, parseDocumentPath } from './paths';
import { LIMIT_TO_LAST_MESSAGE, validateQuery } from './query';
import { MAX_DOCUMENT_BYTES, validateDocumentData, validateUpdateData } from './validate';
import { validationCases } from './validation-cases';
import { Bytes, decodeValue, encodeValue, GeoPoint, Timestamp } from './values';

const check = (op: 'set' | 'update', data: unknown) =>
  documentErrorOf(() => (op === 'set' ? validateDocumentData(data) : validateUpdateData(data)));

describe('validation rules (as the browser checks before sending)', () => {
  it.each(validationCases)('$rule', ({ op, data, message }) => {
    const error = check(op, data);
    expect(error).toBeInstanceOf(DocumentError);
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'invalid-argument', message });
  });

  it('accepts every value type', () => {
    const data = {
      n: null,
      b: true,
      x: -1.5,
      s: 'héllo 👋',
      m: { deep: { list: [1, 'a', { k: [2] }] } },
      t: { __timestamp__: '2024-05-01T12:00:00.000Z' },
      g: { __geopoint__: { latitude: -90, longitude: 180 } },
      y: { __bytes__: 'AAEC/w==' },
      'dotted.name': 1,
    };
    expect(check('set', data)).toBeNull();
    expect(check('update', { 'm.deep.list': [], 'other.x': 1 })).toBeNull();
  });

  it('refuses documents over 1 MiB and accepts one of exactly 1 MiB', () => {
    const exact = { s: 'x'.repeat(MAX_DOCUMENT_BYTES - '{"s":""}'.length) };
    expect(check('set', exact)).toBeNull();
    expect(check('set', { s: `${exact.s}y` })?.message).toBe(
      `The document is ${MAX_DOCUMENT_BYTES + 1} bytes; the limit is ${MAX_DOCUMENT_BYTES} bytes (1 MiB)`,
    );
  });

  it('refuses update paths inside one another', () => {
    expect(check('update', { a: 1, 'a.b': 2 })?.message).toBe('Field path "a.b" lies inside "a"');
    expect(check('update', { a: 1, 'a-b': 2, 'ab.c': 3 })).toBeNull();
  });
});

describe('queries', () => {
  it('rejects limitToLast without orderBy as unimplemented', () => {
    const error = documentErrorOf(() => validateQuery({ limitToLast: 2 }));
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'unimplemented', message: LIMIT_TO_LAST_MESSAGE });
    expect(documentErrorOf(() => validateQuery({ limitToLast: 2, orderBy: [{ field: 'a' }] }))).toBeNull();
  });

  it.each([
    [{ where: [{ field: '', op: '==', value: 1 }] }, 'Field names must not be empty'],
    [{ where: [{ field: 'a', op: 'like', value: 1 }] }, 'Invalid query operator "like" (field "a")'],
    [{ where: [{ field: 'a', op: 'in', value: [] }] }, '"in" filters need an array of 1 to 30 values (field "a")'],
    [{ where: [{ field: 'a', op: 'array-contains', value: [1] }] }, 'Nested arrays are not allowed (field "a")'],
    [{ orderBy: [{ field: 'a', direction: 'up' }] }, 'Invalid orderBy direction "up" (field "a")'],
    [{ limit: 0 }, 'limit must be a whole number from 1 to 500'],
    [{ limit: 1, limitToLast: 1, orderBy: [{ field: 'a' }] }, 'Use limit or limitToLast, not both'],
    [{ startAfter: [1, 'id'] }, 'startAfter must be an array of 1 to 1 values: one per orderBy field, then optionally a document id'],
    [{ orderBy: [{ field: 'a' }], startAfter: [1, 2] }, 'The startAfter value for the document id must be a plain document id'],
    [{ select: ['a'] }, 'Unknown query option "select"'],
  ])('rejects %j', (query, message) => {
    const error = documentErrorOf(() => validateQuery(query));
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'invalid-argument', message });
  });
});

describe('paths', () => {
  it('alternates collections and documents', () => {
    expect(parseDocumentPath('users/u1/settings/ui')).toEqual({ path: 'users/u1/settings/ui', collection: 'users/u1/settings', id: 'ui' });
    expect(parseCollectionPath('users/u1/settings')).toBe('users/u1/settings');
    expect(documentErrorOf(() => parseDocumentPath('lists'))?.code).toBe('invalid-argument');
    expect(documentErrorOf(() => parseCollectionPath('lists/a'))?.code).toBe('invalid-argument');
    expect(documentErrorOf(() => parseDocumentPath('lists//a/b'))?.message).toBe('Path "lists//a/b" has an empty segment');
    expect(documentErrorOf(() => parseDocumentPath('lists/__x__'))?.code).toBe('invalid-argument');
  });
});

describe('values', () => {
  it('encodes and decodes timestamps, geo points and bytes', () => {
    const value = { t: Timestamp.fromMillis(0), g: new GeoPoint(1, 2), b: Bytes.fromUint8Array(new Uint8Array([0, 255])), d: new Date(5) };
    const encoded = encodeValue(value);
    expect(encoded).toEqual({
      t: { __timestamp__: '1970-01-01T00:00:00.000000Z' },
      g: { __geopoint__: { latitude: 1, longitude: 2 } },
      b: { __bytes__: 'AP8=' },
      d: { __timestamp__: '1970-01-01T00:00:00.005000Z' },
    });
    const decoded = decodeValue(encoded) as Record<string, unknown>;
    expect((decoded.t as Timestamp).toMillis()).toBe(0);
    expect((decoded.b as Bytes).toUint8Array()).toEqual(new Uint8Array([0, 255]));
  });

  it('refuses values JSON cannot carry', () => {
    expect(documentErrorOf(() => encodeValue({ a: undefined }))?.message).toBe('Unsupported field value: undefined (field "a")');
    expect(documentErrorOf(() => Bytes.fromBase64String('@@'))?.message).toBe('Failed to construct data from Base64 string');
  });

  it('round-trips any bytes through Base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const encoded = Bytes.fromUint8Array(bytes).toBase64();
        expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
        expect(Bytes.fromBase64String(encoded).toUint8Array()).toEqual(bytes);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { applyMergeFields, applyTransforms, mergeData } from './apply-write';
import type { FieldTransform } from './transforms';
import type { EncodedData } from './values';

const NOW = '2026-11-24T19:00:00.123456Z';
const before: EncodedData = { n: 1, m: { a: 1, b: 2 }, tags: ['a', { k: 1, j: 2 }], s: 'text' };

describe('merge', () => {
  it.each([
    ['an empty map replaces the map (as Firestore)', { m: {} }, { ...before, m: {} }],
    ['a map merges field by field', { m: { c: 3 } }, { ...before, m: { a: 1, b: 2, c: 3 } }],
    ['a value replaces a map', { m: 5 }, { ...before, m: 5 }],
    ['a tagged value is a value, not a map', { m: { __timestamp__: NOW } }, { ...before, m: { __timestamp__: NOW } }],
  ])('%s', (_name, incoming, expected) => {
    expect(mergeData(before, incoming as EncodedData)).toEqual(expected);
  });
});

describe('mergeFields', () => {
  it.each([
    ['only the named fields change', { n: 9, s: 'ignored' }, ['n'], { ...before, n: 9 }],
    ['a named map is replaced whole', { m: { c: 3 } }, ['m'], { ...before, m: { c: 3 } }],
    ['a dotted path reaches into a map', { m: { b: 20, a: 'ignored' } }, ['m.b'], { ...before, m: { a: 1, b: 20 } }],
    ['an empty map replaces the map', { m: {} }, ['m'], { ...before, m: {} }],
    ['a path through a non-map replaces it', { s: { deep: 1 } }, ['s.deep'], { ...before, s: { deep: 1 } }],
  ])('%s', (_name, data, fields, expected) => {
    expect(applyMergeFields(before, data as EncodedData, fields)).toEqual(expected);
  });
});

describe('transforms', () => {
  const apply = (transforms: FieldTransform[], mergeFields?: string[]) => applyTransforms(before, transforms, NOW, mergeFields);
  it.each<[string, FieldTransform[], Partial<EncodedData>]>([
    ['serverTimestamp', [{ field: 'm.at', op: 'serverTimestamp' }], { m: { a: 1, b: 2, at: { __timestamp__: NOW } } }],
    ['delete', [{ field: 'm.a', op: 'delete' }], { m: { b: 2 } }],
    ['delete of a missing field', [{ field: 'x.y', op: 'delete' }], {}],
    ['increment of a number', [{ field: 'n', op: 'increment', value: 2.5 }], { n: 3.5 }],
    ['increment of a missing field', [{ field: 'm.new', op: 'increment', value: 2 }], { m: { a: 1, b: 2, new: 2 } }],
    ['increment of text', [{ field: 's', op: 'increment', value: -1 }], { s: -1 }],
    ['increment to -0', [{ field: 'z', op: 'increment', value: { __double__: '-0' } }], { z: { __double__: '-0' } }],
    [
      'increment past the largest double',
      [{ field: 'n', op: 'increment', value: { __double__: 'Infinity' } }],
      { n: { __double__: 'Infinity' } },
    ],
    [
      'arrayUnion appends what is missing, maps equal in any key order',
      [{ field: 'tags', op: 'arrayUnion', values: ['b', 'a', { j: 2, k: 1 }, 'b'] }],
      { tags: ['a', { k: 1, j: 2 }, 'b'] },
    ],
    ['arrayUnion on a non-array', [{ field: 's', op: 'arrayUnion', values: [1, 1] }], { s: [1] }],
    ['arrayRemove removes every equal element', [{ field: 'tags', op: 'arrayRemove', values: [{ j: 2, k: 1 }, 'zz'] }], { tags: ['a'] }],
    ['arrayRemove on a missing field', [{ field: 'l', op: 'arrayRemove', values: [1] }], { l: [] }],
  ])('%s', (_name, transforms, changed) => {
    expect(apply(transforms)).toEqual({ ...before, ...changed });
  });

  it('with mergeFields, apply only inside them', () => {
    const transforms: FieldTransform[] = [
      { field: 'n', op: 'increment', value: 1 },
      { field: 'm.a', op: 'increment', value: 1 },
    ];
    expect(apply(transforms, ['m'])).toEqual({ ...before, m: { a: 2, b: 2 } });
  });

  it('never change the data they are given', () => {
    const copy = structuredClone(before);
    apply([
      { field: 'm.a', op: 'delete' },
      { field: 'tags', op: 'arrayUnion', values: ['z'] },
    ]);
    expect(before).toEqual(copy);
  });
});

import { describe, expect, it } from 'vitest';
import { joinObjects, jsonArray, jsonText, objectJson, withFields } from './json-text';

describe('JSON made as text', () => {
  it('serialises values and keeps JSON text as it is', () => {
    const text = objectJson({
      items: jsonArray(['{"id":"1"}', '{"id":"2"}']),
      total: 2,
      facets: jsonText('{"a":1}'),
      q: 'say "hi"',
      gone: undefined,
    });
    expect(JSON.parse(text)).toEqual({ items: [{ id: '1' }, { id: '2' }], total: 2, facets: { a: 1 }, q: 'say "hi"' });
  });

  it('refuses JSON text nested in a plain value, which would be written wrongly', () => {
    expect(() => objectJson({ forYou: { items: jsonArray([]) } })).toThrow(/make that value with objectJson/);
    expect(JSON.parse(objectJson({ forYou: jsonText(objectJson({ items: jsonArray(['1']) })) }))).toEqual({ forYou: { items: [1] } });
  });

  it('joins objects, empty ones too, and adds fields after an object', () => {
    expect(JSON.parse(joinObjects('{"id":1}', '{}', '{"title":"A","tags":[]}'))).toEqual({ id: 1, title: 'A', tags: [] });
    expect(joinObjects('{}', '{ }')).toBe('{}');
    expect(JSON.parse(withFields('{"items":[]}', { favouriteIds: [3], forYou: null }))).toEqual({
      items: [],
      favouriteIds: [3],
      forYou: null,
    });
  });
});

// Test data shared by the unit tests (the browser's checks) and the integration tests (the
// server's): every validation rule, with the exact code and message it must answer with.
export interface ValidationCase {
  rule: string;
  op: 'set' | 'update';
  data: unknown;
  message: string;
}

export const validationCases: ValidationCase[] = [
  {
    rule: 'latitude above 90',
    op: 'set',
    data: { at: { __geopoint__: { latitude: 90.5, longitude: 0 } } },
    message: 'Latitude must be a number between -90 and 90, but was: 90.5 (field "at")',
  },
  {
    rule: 'latitude below -90',
    op: 'set',
    data: { at: { __geopoint__: { latitude: -91, longitude: 0 } } },
    message: 'Latitude must be a number between -90 and 90, but was: -91 (field "at")',
  },
  {
    rule: 'longitude above 180',
    op: 'set',
    data: { a: { at: { __geopoint__: { latitude: 0, longitude: 180.01 } } } },
    message: 'Longitude must be a number between -180 and 180, but was: 180.01 (field "a.at")',
  },
  {
    rule: 'longitude below -180',
    op: 'update',
    data: { at: { __geopoint__: { latitude: 0, longitude: -200 } } },
    message: 'Longitude must be a number between -180 and 180, but was: -200 (field "at")',
  },
  { rule: 'empty field name (field path)', op: 'update', data: { '': 1 }, message: 'Field names must not be empty' },
  { rule: 'field name with ~', op: 'set', data: { 'a~b': 1 }, message: 'Field name "a~b" must not contain ~ * / [ ]' },
  { rule: 'field name with *', op: 'set', data: { m: { 'x*': 1 } }, message: 'Field name "m.x*" must not contain ~ * / [ ]' },
  { rule: 'field name with /', op: 'set', data: { 'a/b': 1 }, message: 'Field name "a/b" must not contain ~ * / [ ]' },
  { rule: 'field name with [', op: 'set', data: { 'a[0': 1 }, message: 'Field name "a[0" must not contain ~ * / [ ]' },
  { rule: 'field name with ]', op: 'set', data: { 'a]': 1 }, message: 'Field name "a]" must not contain ~ * / [ ]' },
  {
    rule: 'field path with /',
    op: 'update',
    data: { 'a.b/c': 1 },
    message: 'Invalid field path "a.b/c": field names must not contain ~ * / [ ]',
  },
  {
    rule: 'field name starting with a dot',
    op: 'set',
    data: { '.a': 1 },
    message: 'Field name ".a" must not start or end with a dot or contain ".."',
  },
  {
    rule: 'field name ending with a dot',
    op: 'set',
    data: { 'a.': 1 },
    message: 'Field name "a." must not start or end with a dot or contain ".."',
  },
  {
    rule: "field name containing '..'",
    op: 'set',
    data: { 'a..b': 1 },
    message: 'Field name "a..b" must not start or end with a dot or contain ".."',
  },
  {
    rule: "field path containing '..'",
    op: 'update',
    data: { 'a..b': 1 },
    message: 'Invalid field path "a..b": it must not start or end with a dot or contain ".."',
  },
  {
    rule: 'field path starting with a dot',
    op: 'update',
    data: { '.a': 1 },
    message: 'Invalid field path ".a": it must not start or end with a dot or contain ".."',
  },
  { rule: 'nested array', op: 'set', data: { grid: [[1, 2]] }, message: 'Nested arrays are not allowed (field "grid")' },
  {
    rule: 'nested array inside a map',
    op: 'update',
    data: { 'm.grid': [1, [2]] },
    message: 'Nested arrays are not allowed (field "m.grid")',
  },
  {
    rule: 'bytes that are not Base64',
    op: 'set',
    data: { b: { __bytes__: 'not base64!' } },
    message: 'Failed to construct data from Base64 string',
  },
  {
    rule: 'bytes with bad padding',
    op: 'update',
    data: { b: { __bytes__: 'QQ=' } },
    message: 'Failed to construct data from Base64 string',
  },
  { rule: 'empty document field', op: 'set', data: { m: { '': 1 } }, message: 'Document fields must not be empty' },
  { rule: 'top-level empty document field', op: 'set', data: { '': 'x' }, message: 'Document fields must not be empty' },
  {
    rule: 'document field beginning and ending with "__"',
    op: 'set',
    data: { __secret__: 1 },
    message: 'Document fields cannot begin and end with "__"',
  },
  {
    rule: 'nested field beginning and ending with "__"',
    op: 'set',
    data: { m: { __x__: 1, y: 2 } },
    message: 'Document fields cannot begin and end with "__"',
  },
  {
    rule: 'update path segment beginning and ending with "__"',
    op: 'update',
    data: { 'a.__b__': 1 },
    message: 'Document fields cannot begin and end with "__"',
  },
  { rule: 'data that is an array', op: 'set', data: [1, 2], message: 'Data must be an object' },
  { rule: 'data that is a string', op: 'set', data: 'hello', message: 'Data must be an object' },
  { rule: 'data that is null', op: 'update', data: null, message: 'Data must be an object' },
  {
    rule: 'a timestamp that is not ISO',
    op: 'set',
    data: { t: { __timestamp__: 'yesterday' } },
    message: 'Timestamps must be UTC ISO 8601 times from year 0001 to 9999 like 2024-05-01T12:00:00.000Z (field "t")',
  },
  {
    rule: 'a timestamp in a month that does not exist',
    op: 'set',
    data: { t: { __timestamp__: '2024-13-01T00:00:00.000Z' } },
    message: 'Timestamps must be UTC ISO 8601 times from year 0001 to 9999 like 2024-05-01T12:00:00.000Z (field "t")',
  },
  {
    rule: 'text with NUL',
    op: 'set',
    data: { s: 'a\u0000b' },
    message: 'Text must not contain NUL characters or unpaired surrogates (field "s")',
  },
];

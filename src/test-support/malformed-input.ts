import fc from 'fast-check';

// What an attacker throws at an HTTP API: numbers past every column's range, broken encodings,
// NUL, traversal, very long text, repeated keys, every JSON type, deep nesting, wrong content
// types. Each arbitrary gives text ready to put in a URL, or a body with its content type.

const percentEncode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'));
  }
};

/** Numbers at and past the edges of integer columns, JavaScript numbers and the parsers of both. */
export const edgeNumberText = fc.constantFrom(
  '0',
  '-0',
  '1',
  '-1',
  '1.5',
  '0.1',
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '1e3',
  '1e21',
  '1e308',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '0b1',
  '010',
  '+1',
  ' 1',
  '1 ',
  '１',
  '9'.repeat(99),
  '9'.repeat(400),
);

/** Text that is not what a path segment or query value should be. */
export const hostileText = fc.constantFrom(
  '',
  '%00',
  'a%00b',
  '%ff',
  '%e0%a4%a',
  '%',
  '%%',
  '%2',
  '..',
  '../..',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%2F',
  '%5C',
  '%E2%80%AE',
  '%F0%9F%8E%AE',
  '%ED%A0%80',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  '%3Cscript%3E',
  "'%20OR%201=1--",
  '%22',
  '%3B',
  '%20',
  '~',
  '.',
  '*',
  '%0d%0aX:1',
);

const anyText = fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncode);
const longText = fc.string({ minLength: 90, maxLength: 400 }).map(percentEncode);

/** One path segment (already percent-encoded, or deliberately not). */
export const pathSegment = fc.oneof(
  { weight: 3, arbitrary: edgeNumberText },
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: longText },
);

/** A path of a few such segments, for wildcard routes. */
export const pathTail = fc.array(pathSegment, { minLength: 1, maxLength: 5 }).map((segments) => segments.join('/'));

const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'pageSize',
    'limit',
    'ids',
    'topics',
    'lastEventId',
    'q',
    'category',
    'exclude',
    'price',
    'minPrice',
    'maxPrice',
    'minRating',
    'year',
    'aiRole',
    'runsOn',
    'offline',
    'ownKey',
    'moderated',
    'sort',
    'order',
    'to',
    'username',
    'startAfter',
    'currentDocument.exists',
    'currentDocument.updateTime',
    'callbackURL',
    'token',
    'next',
    'id',
    '__proto__',
    'constructor',
    'a[b]',
    'a[]',
    'error',
  ),
  anyText,
);

const queryValue = fc.oneof(
  edgeNumberText,
  hostileText,
  anyText,
  longText,
  fc.constantFrom('game:2147483648', 'game:1,user:x', 'catalogue', '1,2,2147483648', '1,,2', 'true', 'false'),
);

/** A query string: a few odd pairs, sometimes one key repeated hundreds of times. */
export const queryString = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(queryKey, queryValue, fc.integer({ min: 20, max: 1500 }))
      .map(([k, v, times]) => Array(times).fill(`${k}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('', '&', '&&&', '=', '==&=', 'a', 'a=1=2', '%ff=%ff', '?', '#') },
);

const knownKeys = [
  'stars',
  'body',
  'payload',
  'gameId',
  'note',
  'reason',
  'name',
  'email',
  'password',
  'username',
  'step',
  'categories',
  'data',
  'writes',
  'collection',
  'query',
  'merge',
  'op',
  'path',
  'image',
  'bio',
  'website',
  'latitude',
  'longitude',
  'links',
  'acceptTerms',
  'title',
  'tagline',
  'description',
  'priceAmount',
  'releaseDate',
  'provider',
  'providerId',
  'callbackURL',
  'token',
  'newPassword',
  'currentPassword',
  'phoneNumber',
  'code',
  'userId',
  'role',
  'id',
  'ids',
  'limit',
  'page',
  'cover',
  'screenshots',
  'ai',
  'price',
  'platforms',
  'where',
  'orderBy',
  'startAfter',
  'precondition',
  'exists',
  'updateTime',
  '__proto__',
  'constructor',
] as const;

const jsonText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    ' ',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(6000),
  ),
);

const jsonNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const jsonScalar = fc.oneof(fc.constant(null), fc.boolean(), jsonNumber, jsonText);

/** Any JSON value, its objects mostly keyed by field names the API knows. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    jsonScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 }),
  ),
})).value;

export interface MalformedBody {
  contentType: string | undefined;
  payload: string | Buffer;
}

const json = (payload: string): MalformedBody => ({ contentType: 'application/json', payload });

const deepJson = fc
  .tuple(fc.integer({ min: 65, max: 20_000 }), fc.boolean())
  .map(([levels, arrays]) => json(arrays ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)));

const multipartJunk = fc.constantFrom(
  '--x\r\n',
  'garbage',
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0000\u0000\r\n--x--\r\n',
  '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nabc\r\n--x--\r\n',
  '--x\r\nContent-Disposition: form-data\r\n\r\n\r\n--x--\r\n',
);

/** A request body: JSON of every type, too deep, too large, broken, or of the wrong kind. */
export const malformedBody: fc.Arbitrary<MalformedBody> = fc.oneof(
  { weight: 8, arbitrary: jsonValue.map((value) => json(JSON.stringify(value) ?? 'null')) },
  { weight: 2, arbitrary: deepJson },
  { weight: 1, arbitrary: fc.integer({ min: 300_000, max: 3_000_000 }).map((size) => json(JSON.stringify({ body: 'x'.repeat(size) }))) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '',
        '{',
        '{"a":}',
        'nul',
        '[1,]',
        '{"a":1}}',
        '"\\ud800"',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
        '\u0000',
        '0x1',
        'NaN',
      )
      .map(json),
  },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]) }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/octet-stream',
          ';;;',
          'application/json; charset=utf-16',
          'application/json; boundary=x',
          'application/vnd.api+json',
          'multipart/form-data',
          'text/html; charset=%ff',
          '*/*',
          '',
        ),
        fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('a=1&name=%00', 'email=a%40b.c&password=x', '<x/>')),
      )
      .map(([contentType, payload]) => ({ contentType, payload })),
  },
  { weight: 2, arbitrary: multipartJunk.map((payload) => ({ contentType: 'multipart/form-data; boundary=x', payload })) },
  { weight: 1, arbitrary: fc.constant({ contentType: undefined, payload: '' }) },
);

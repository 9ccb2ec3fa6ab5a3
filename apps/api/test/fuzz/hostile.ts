import fc from 'fast-check';

/** Strings that have broken web apps before: control and invisible characters, bad UTF-16, injections. */
export const nastyStrings = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(20),
  '\u202Eevil\u202C', // right-to-left override
  '\u200F\u200E', // RTL / LTR marks
  '\u200B\u200C\u200D\u2060', // zero-width characters
  '\uFEFFbom',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308', // stacked combining marks
  '\uD800', // lone high surrogate
  'x\uDFFFy', // lone low surrogate
  '\uDBFF\uDBFF',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\u0085\u2028\u2029',
  '\r\n\t\v\f\b',
  ' ',
  '',
  "'; drop table profiles; --",
  "' or '1'='1",
  '" or 1=1 --',
  '1; select pg_sleep(0)',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '99999999999999999999999999999',
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'São Paulo – Brasília ção ÇÃO',
];

export const KB10 = 'x'.repeat(10 * 1024);

/** Numbers at the edges of what JSON, JavaScript and PostgreSQL hold. */
export const extremeNumbers = [
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** Numbers that JSON.stringify cannot write, as raw JSON text (valid JSON, out of every range). */
export const rawHugeNumbers = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '0.0000000000000000000000001',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant(KB10) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...nastyStrings), fc.nat({ max: 200 })).map(([s, n]) => s.repeat(n)),
  },
);

/** Any value of the wrong kind: a string where a number goes, an object where a string goes… */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...extremeNumbers) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[[]]], { a: { b: { c: {} } } }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 300 }).map((depth) => nestedArrays(depth)) },
);

export function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

export function nestedObjectsText(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

export function nestedArraysText(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** Text that is not JSON, or not quite. */
export const invalidJsonTexts = [
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '[1,2',
  'NaN',
  'undefined',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '"unterminated',
  '\uFEFF{}',
  '{}{}',
  '{"a":1} trailing',
  '\u0000',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
];

/** Path segments that try to escape the route or break the URL. */
export const hostileSegments = [
  '..',
  '../..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%2e%2e',
  '%00',
  'a%00b',
  '%E0%A4%A', // a broken percent-encoding
  '%',
  '%C0%AF',
  '%FF%FE',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%20',
  '%0D%0ASet-Cookie:%20x=1',
  ';',
  '*',
  '~',
  'x'.repeat(100),
  'x'.repeat(101),
  'a'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "1'%20or%20'1'='1",
];

/** Content types a JSON route should refuse or survive. */
export const hostileContentTypes = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'application/json-patch+json',
  '*/*',
  'json',
  '',
];

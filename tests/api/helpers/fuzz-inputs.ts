import fc, { type Arbitrary } from 'fast-check';

/** What attackers and broken clients send: injections, odd Unicode, numbers in disguise, prototype keys. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE markets; --",
  "1' UNION SELECT email, password_hash FROM users --",
  '1; SELECT pg_sleep(10) --',
  '$1',
  '%s%n%x',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '<!--',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\u202eevil\u202c',
  '\u2066x\u2069',
  '\u200b\u200d\ufeff',
  'שלום مرحبا',
  '\u0085\u2028\u2029',
  '\r\n\t',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '\\',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  ' ',
  '',
  'null',
];

/** Lengths at the limits of the fields (ids 64, texts 200, e-mail 254, page path 300, URL 500, password 128). */
const LIMITS = [8, 64, 65, 128, 129, 200, 201, 254, 255, 300, 301, 500, 501, 5000];

/** Any UTF-16 code unit, so lone surrogates and NUL come too. */
const anyUnit = fc.nat(0xffff).map((code) => String.fromCharCode(code));

export const hostileString: Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: anyUnit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...LIMITS), fc.constantFrom('x', 'ä', '😀', '"', '\u0000'))
      .map(([length, unit]) => unit.repeat(length)),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 })).map(([a, b]) => a + b),
  },
  // What the database cannot store: NUL, and UTF-16 surrogates without their pair.
  { weight: 3, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', 'Markt \ud83d', '\udc00y') },
  // Long and random, so the database cannot compress it below an index's row limit. Not shrunk:
  // its length is the point, and shrinking thousands of characters takes minutes.
  { weight: 1, arbitrary: fc.noShrink(fc.string({ minLength: 3000, maxLength: 6000 })) },
);

/** Keys that pollute a prototype when a parser or a merge is careless. */
export const hostileKey: Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'valueOf', 'lang', 'a[b]', 'a.b', ''),
  hostileString,
);

/** An object built with own properties only, so `__proto__` is a key like any other. */
const objectOf = (entries: Array<[string, unknown]>) => Object.fromEntries(entries) as Record<string, unknown>;

export const hostileValue: Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileString },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 2 ** 53, 1e308)),
    },
    { weight: 1, arbitrary: fc.oneof(fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 3 }).map(objectOf) },
  ),
})).value;

/**
 * JSON text nested `depth` levels deep: small to send (some 32,000 levels fit in 64 KiB), hard on
 * recursive parsers and printers.
 */
export const deepJson = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** The fields of `valid`, those named in `optional` only sometimes. */
export function fieldsOf(
  valid: Record<string, Arbitrary<unknown>>,
  optional: readonly string[] = [],
): Arbitrary<Record<string, unknown>> {
  const requiredKeys = Object.keys(valid).filter((key) => !optional.includes(key));
  return fc.record(valid, { requiredKeys });
}

/**
 * Fields of a request: valid ones, then often a few replaced by hostile values, a few left out,
 * and a few hostile keys added. `keys` are the fields the call knows.
 */
export function hostileFields(
  valid: Arbitrary<Record<string, unknown>>,
  keys: readonly string[],
): Arbitrary<Record<string, unknown>> {
  const key = keys.length > 0 ? fc.constantFrom(...keys) : hostileKey;
  const spoilt = fc
    .tuple(
      valid,
      fc.array(fc.tuple(key, hostileValue), { maxLength: 3 }),
      fc.subarray([...keys], { maxLength: Math.min(2, keys.length) }),
      fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 2 }),
    )
    .map(([fields, replaced, removed, extra]) => {
      const entries = Object.entries(fields).filter(([name]) => !removed.includes(name));
      return objectOf([...entries, ...replaced, ...extra]);
    });
  // Half the requests are left whole, so that they also get past validation to the services.
  return fc.oneof(valid, spoilt);
}

export const ENCODINGS = [
  'json',
  'form',
  'multipart',
  'json-as-text',
  'no-type',
  'odd-type',
  'truncated-json',
  'invalid-utf8',
] as const;
export type Encoding = (typeof ENCODINGS)[number];

export const encoding: Arbitrary<Encoding> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('json' as const) },
  { weight: 3, arbitrary: fc.constant('form' as const) },
  { weight: 2, arbitrary: fc.constant('multipart' as const) },
  { weight: 3, arbitrary: fc.constantFrom(...ENCODINGS.slice(3)) },
);

const ODD_TYPES = [
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  '*/*',
  ';;;',
  'application/json, text/html',
];
/** Bytes that are no UTF-8: a lone continuation byte, an overlong '/', an encoded surrogate, 0xFF. */
const INVALID_UTF8 = Buffer.from([0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xff, 0xfe]);

/** A form field's text: nested values as JSON text, nothing as empty, as the portal's forms send them. */
const formText = (value: unknown) =>
  typeof value === 'string' ? value : value === null ? '' : (JSON.stringify(value) ?? '');

/** The body of `fields` in `encoding`, and the Content-Type to send (none when undefined). */
export function encodeBody(
  fields: Record<string, unknown>,
  how: Encoding,
  pick: number,
): { body: Buffer; type: string | undefined } {
  const json = JSON.stringify(fields);
  switch (how) {
    case 'json':
      return { body: Buffer.from(json), type: pick % 3 === 0 ? 'application/json; charset=utf-8' : 'application/json' };
    case 'form': {
      const form = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, formText(value)]));
      return { body: Buffer.from(form.toString()), type: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const boundary = `----fuzz${pick}`;
      const parts = Object.entries(fields).map(([key, value], index) => {
        const name = key.replace(/["\r\n]/g, (char) => encodeURIComponent(char));
        // With an even pick, every fourth field comes as a file.
        const file = pick % 2 === 0 && (index + pick) % 4 === 0 ? '; filename="x.txt"\r\nContent-Type: text/plain' : '';
        return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${formText(value)}\r\n`;
      });
      return {
        body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
        type: `multipart/form-data; boundary=${boundary}`,
      };
    }
    case 'json-as-text':
      return { body: Buffer.from(json), type: 'text/plain' };
    case 'no-type':
      return { body: Buffer.from(json), type: undefined };
    case 'odd-type':
      return { body: Buffer.from(json), type: ODD_TYPES[pick % ODD_TYPES.length] };
    case 'truncated-json':
      return { body: Buffer.from(json.slice(0, Math.floor(json.length / 2))), type: 'application/json' };
    case 'invalid-utf8': {
      const inside = json.length > 2 ? `${json.slice(0, -1)},"x":"` : '{"x":"';
      const asForm = pick % 2 === 0;
      return asForm
        ? { body: Buffer.concat([Buffer.from('title='), INVALID_UTF8]), type: 'application/x-www-form-urlencoded' }
        : { body: Buffer.concat([Buffer.from(inside), INVALID_UTF8, Buffer.from('"}')]), type: 'application/json' };
    }
  }
}

/** A path segment as a client might send it: traversal, encoded slashes, broken escapes, raw bytes, length. */
export const hostileSegment: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '..%2f..%2fetc%2fpasswd',
    '%2F',
    'a%2Fb',
    '%00',
    '%ZZ',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '\u00ff\u00fe',
    encodeURIComponent('Märkte€😀'),
    'x'.repeat(5000),
    '%20',
    '.',
    '~',
    '1.ics',
    '__proto__',
  ),
  hostileString.map((text) => encodeURIComponent(text.toWellFormed())),
);

/** A value for a query parameter, percent-encoded. */
export const hostileQueryValue: Arbitrary<string> = fc.oneof(
  fc.constantFrom('%', '%ZZ', '%00', '%FF', 'a&b=c', '1&1', '[]', '1e400'),
  hostileString.map((text) => encodeURIComponent(text.toWellFormed())),
);

/** Printable Latin-1 only: what node:http lets into a header value. */
export const headerJunk: Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '*',
      ',,,;;;',
      '\u00ff\u00fe',
      '__proto__',
      'null',
      '"unterminated',
      "' OR 1=1 --",
    ),
  },
  {
    weight: 3,
    arbitrary: fc.string({
      unit: fc
        .integer({ min: 0x20, max: 0xff })
        .filter((code) => code !== 0x7f)
        .map((code) => String.fromCharCode(code)),
      maxLength: 40,
    }),
  },
  // Long and random: what a header could carry into a key of the database.
  {
    weight: 2,
    arbitrary: fc.noShrink(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef.:'), minLength: 3000, maxLength: 6000 }),
    ),
  },
);

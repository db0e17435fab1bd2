import fc, { type Arbitrary } from 'fast-check';
import { MARKET_TYPES } from '../../../src/lib/market.ts';
import { eachTextField } from '../../../src/lib/market-fields.ts';
import { DATE_FIELDS, MARKET_FIELDS } from '../../../src/server/services/market-changes.ts';
import {
  deepJson,
  fieldsOf,
  headerJunk,
  hostileFields,
  hostileQueryValue,
  hostileSegment,
  hostileString,
} from './fuzz-inputs.ts';

/*
 * What the fuzz test sends to each call: valid fields, which hostileFields then spoils, and the
 * headers of browsers, apps, proxies and attackers.
 */

/** Mostly the usual value (`weight` to 1), sometimes a hostile one. */
export const oneOf = <T, H>(usual: Arbitrary<T>, hostile: Arbitrary<H>, weight = 20): Arbitrary<T | H> =>
  fc.oneof({ weight, arbitrary: usual }, { weight: 1, arbitrary: hostile });
/** Days a clerk may enter on 2026-11-23 (the test's clock), and days that are wrong in some way. */
const day = oneOf(
  fc.constantFrom('2026-12-24', '2027-03-06', '2027-06-05', '2027-06-06', '2027-12-31'),
  fc.constantFrom('2025-01-01', '0000-01-01', '0000-12-31', '0001-01-01', '9999-12-31', '2027-02-29', '', '2027-6-5'),
  4,
);
/** Two days, mostly in order. */
const span = oneOf(
  fc.tuple(day, day).map(([a, b]) => (String(a) <= String(b) ? [a, b] : [b, a])),
  fc.tuple(day, day),
);
const times = oneOf(
  fc.constantFrom(['08:00', '12:00'], ['06:30', '23:59'], [null, null], ['', '']),
  fc.tuple(fc.constantFrom('24:00', '8:00', '12:60', '13:00'), fc.constantFrom('12:00', null, 'noon')),
);
/** Text the validation lets through, and that is still hostile where it is rendered or stored. */
export const acceptedText = fc.constantFrom(
  'Bauernmarkt',
  `Tom's "Markt" & Söhne`,
  '" onmouseover="alert(1)',
  `' autofocus onfocus='alert(1)`,
  '{{constructor.constructor("alert(1)")()}} ${7*7}',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;quot; &#x3C;b&#x3E;',
  'שוק בעיר مرحبا',
  '\u200bMarkt\u200d',
  "'; DROP TABLE markets; --",
  '😀 Markt 🎪',
  '*/ \\u003c \\ ${x}',
);
const text = oneOf(acceptedText, hostileString);
/** Web addresses the validation lets through, with markup in them, and some it must not. */
export const acceptedUrl = fc.constantFrom(
  'https://www.hartberg.at/markt',
  'https://x.example/"><img src=x onerror=alert(1)>',
  'https://x.example/?q=</script><script>alert(1)</script>',
  "https://x.example/#'onmouseover='alert(1)",
);
const url = oneOf(
  acceptedUrl,
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://localhost/',
    '//x.example',
    'https://x.example/\ud800',
    'https://x.example/\u0000',
  ),
);
export const RULES = [
  { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00' },
  {
    freq: 'monthly',
    interval: 2,
    nth: -1,
    weekdays: ['SU'],
    time_from: '09:00',
    time_to: '17:00',
    skip_holidays: true,
  },
];
const scheduleAndRule = oneOf(
  fc.oneof(
    fc.constant({ schedule: 'dates', rule: null }),
    fc.constantFrom(...RULES).map((rule) => ({ schedule: 'regular', rule })),
  ),
  fc.record({
    schedule: fc.constantFrom('regular', 'dates', 'weekly'),
    rule: fc.constantFrom(
      null,
      { freq: 'daily' },
      { freq: 'weekly', weekdays: [], time_from: '08:00', time_to: '07:00' },
    ),
  }),
);
const image = fc.oneof(
  fc.constant(null),
  fc.record({
    url,
    alt: text,
    description: text,
    focal_x: oneOf(fc.constantFrom(0, 50, 100), fc.constantFrom(101, -1, '50')),
    focal_y: fc.constant(50),
  }),
);
const MARKET_KEYS = ['id', 'version', ...MARKET_FIELDS, 'first_date'];

/** A market as save_market takes it: new (no id) or a change (id and version). */
function marketFields(ids: Arbitrary<string>): Arbitrary<Record<string, unknown>> {
  const plain = fieldsOf(
    {
      id: ids,
      version: oneOf(fc.constantFrom(1, '1', 2), fc.constantFrom(0, -1, 1.5, '01', 2 ** 53)),
      title: text,
      ...eachTextField(() => text),
      type: oneOf(fc.constantFrom(...MARKET_TYPES), fc.constantFrom('Bauernmarkt', '')),
      status: fc.constantFrom('active', 'inactive'),
      website: fc.oneof(fc.constant(''), url),
      phone: oneOf(fc.constantFrom('', '+43/3332/6030', '+43/3332/1234123/12'), fc.constantFrom('0664 123', '+43/1/2')),
      email: oneOf(fc.constantFrom('', 'markt@hartberg.at'), fc.constantFrom('a@b', '"x"@y.at', 'a@b.c\u0000')),
      image,
      hidden: oneOf(fc.constantFrom(false, true, 0, 1, '1'), fc.constantFrom('ja', 2, null)),
    },
    ['id', 'version', 'image'],
  );
  // A season may begin in the past: the edges of the calendar are worth a try.
  const edges = fc.tuple(
    fc.constantFrom('0000-01-01', '0000-12-31', '0001-01-01', '1969-12-31'),
    fc.constantFrom('2027-12-31', '9999-12-31'),
  );
  const season = fc.oneof(fc.constant([null, null]), span, edges);
  const firstDate = fc.oneof(
    fc.constant(null),
    span.map(([date_start, date_end]) => ({ date_start, date_end })),
  );
  return fc
    .tuple(plain, scheduleAndRule, season, firstDate)
    .map(([fields, schedule, [date_start, date_end], first_date]) => ({
      ...fields,
      ...schedule,
      date_start,
      date_end,
      first_date,
    }));
}

const DATE_KEYS = ['id', 'version', 'wko_market_id', ...DATE_FIELDS];

/** A market date as save_market_date takes it; with `ids`, sometimes a change of a stored one. */
function dateFields(ids: Arbitrary<string> | null, marketIds: Arbitrary<string>): Arbitrary<Record<string, unknown>> {
  const change = ids && { id: ids, version: oneOf(fc.constantFrom(1, '1'), fc.constantFrom(0, 'x')) };
  const plain = fieldsOf(
    {
      ...change,
      wko_market_id: marketIds,
      status: fc.constantFrom('takes_place', 'cancelled', 'pending', 'abgesagt'),
      type: fc.constantFrom('regular', 'additional', 'changed', 'cancelled', 'x'),
      note: text,
      hidden: fc.constantFrom(false, true, '0'),
    },
    ['id', 'version'],
  );
  return fc.tuple(plain, span, times).map(([fields, [date_start, date_end], [time_from, time_to]]) => ({
    ...fields,
    date_start,
    date_end,
    time_from,
    time_to,
  }));
}

const query = (parameters: Record<string, Arbitrary<string>>) =>
  fc
    .tuple(
      fc.record(parameters, { requiredKeys: [] }),
      fc.array(fc.tuple(fc.constantFrom('lang', 'x', '__proto__', 'a[]'), hostileQueryValue), { maxLength: 2 }),
    )
    .map(([given, extra]) => {
      const pairs = [...Object.entries(given), ...extra].map(([key, value]) => `${key}=${value}`);
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
const noQuery = query({});
/** The search's filters of the feeds (issue 52). */
const searchFilters = {
  q: oneOf(fc.constantFrom('markt', 'Kirtag%20Hartberg', 'G%C3%B6%C3%9Fnitz'), hostileQueryValue),
  near: oneOf(fc.constantFrom('8230', '62219', '1010', '9999'), hostileQueryValue),
  km: oneOf(fc.constantFrom('5', '20', '100', '0'), hostileQueryValue),
  from: oneOf(fc.constantFrom('2026-12-01', '2027-06-01', '2027-02-30'), hostileQueryValue),
  to: oneOf(fc.constantFrom('2027-01-31', '2027-12-31'), hostileQueryValue),
};
/** A search's calendar or feed of changes (issue 52): the search's filters, a type and a state. */
const searchFeedQuery = query({
  ...searchFilters,
  type: oneOf(fc.constantFrom(...MARKET_TYPES), hostileQueryValue),
  state: oneOf(fc.constantFrom('6', '3'), hostileQueryValue),
});

export interface Endpoint {
  method: 'GET' | 'POST';
  path: Arbitrary<string>;
  /** The body's fields, whole or spoilt (hostileFields). */
  fields?: Arbitrary<Record<string, unknown>>;
  /** The body's fields as a client sends them (each may still hold a hostile value). */
  whole?: Arbitrary<Record<string, unknown>>;
}

/** Records of the test's database that requests aim at, of both municipalities, next to made-up ones. */
export interface Pools {
  markets: string[];
  dates: string[];
  visitors: string[];
  tokens: string[];
  emails: string[];
  /** The two municipalities' gkz. */
  municipalities: [string, string];
}

/** Every call of src/server/http/api.ts and routes/*.ts, with its hostile inputs. */
export function endpoints(pools: Pools): Record<string, Endpoint> {
  // Ids are what these calls are about: a third of them made up.
  const marketId = oneOf(fc.constantFrom(...pools.markets), fc.oneof(hostileString, fc.uuid()), 2).map(String);
  const dateId = oneOf(fc.constantFrom(...pools.dates), fc.oneof(hostileString, fc.uuid()), 2).map(String);
  const visitorId = oneOf(fc.constantFrom(...pools.visitors), fc.oneof(fc.uuid({ version: 4 }), hostileString), 2);
  const email = oneOf(fc.constantFrom(...pools.emails), hostileString);
  const token = oneOf(fc.constantFrom(...pools.tokens), hostileString);
  const password = oneOf(fc.constantFrom('Marktplatz-2027', 'passwort1'), hostileString);
  const segment = (usual: Arbitrary<string>) =>
    oneOf(
      usual.map((id) => encodeURIComponent(id.toWellFormed())),
      hostileSegment,
    );
  const get = (path: Arbitrary<string>): Endpoint => ({ method: 'GET', path });
  const post = (name: string, valid: Record<string, Arbitrary<unknown>> = {}, optional: string[] = []) =>
    postWith(name, fieldsOf(valid, optional), Object.keys(valid));
  const postWith = (name: string, valid: Arbitrary<Record<string, unknown>>, keys: string[]): Endpoint => ({
    method: 'POST',
    path: noQuery.map((q) => `/api/${name}${q}`),
    fields: hostileFields(valid, keys),
    whole: valid,
  });
  const content = (name: string) =>
    get(
      fc
        .tuple(
          segment(fc.constant('1')),
          query({ include_hidden_records: oneOf(fc.constantFrom('0', '1'), hostileQueryValue) }),
        )
        .map(([exhibition, q]) => `/api/${name}/${exhibition}${q}`),
    );
  const pair = { password, password_repeat: oneOf(fc.constant('Marktplatz-2027'), hostileString) };
  return {
    health: get(noQuery.map((q) => `/api/health${q}`)),
    get_content: content('get_content'),
    get_content_stops: content('get_content_stops'),
    get_own_content: get(noQuery.map((q) => `/api/get_own_content${q}`)),
    get_visitor_data: get(segment(visitorId.map(String)).map((id) => `/api/get_visitor_data/${id}`)),
    create_visitor: post('create_visitor', {
      visitor_id_js: visitorId,
      sys_languages_id: fc.constantFrom(2, '1', 43, 0),
    }),
    update_visitor: post('update_visitor', {
      visitor_id_js: visitorId,
      sys_languages_id: fc.constantFrom(2, '3'),
      exhibition_id: fc.constantFrom(1, '1', 2),
      state: oneOf(
        fc.constantFrom({ keyword: 'Markt', fontSize: 120 }, '{"expandedMarkets":{"x":true}}'),
        fc.oneof(fc.nat(32_000).map(deepJson), fc.constant('x'.repeat(64 * 1024 + 1))),
      ),
    }),
    register: post('register', {
      email,
      ...pair,
      lang: fc.constantFrom('de', 'en', 'fr', 'xx'),
      visitor_id_js: visitorId,
    }),
    confirm_email: post('confirm_email', { token }),
    resend_confirmation: post('resend_confirmation', { email }),
    login: post('login', { email, password, visitor_id_js: visitorId }, ['visitor_id_js']),
    logout: post('logout'),
    forgot_password: post('forgot_password', { email }),
    reset_password: post('reset_password', { token, ...pair }),
    change_password: post('change_password', { current_password: password, ...pair }),
    logout_everywhere: post('logout_everywhere'),
    get_account: get(noQuery.map((q) => `/api/get_account${q}`)),
    save_market: postWith('save_market', marketFields(marketId), MARKET_KEYS),
    delete_market: post('delete_market', { id: marketId }),
    // Issue 20: the fuzz sends fields, never a file (tests/api/market-photos.test.ts uploads files).
    upload_market_image: post('upload_market_image', { file: fc.constantFrom('photo.jpg', '') }),
    delete_market_image: post('delete_market_image', {
      url: fc.constantFrom('/markt-bilder/0123456789abcdef0123456789abcdef-640x480.jpg', 'https://example.org/a.jpg'),
    }),
    save_market_date: postWith('save_market_date', dateFields(dateId, marketId), DATE_KEYS),
    add_market_dates: post('add_market_dates', {
      wko_market_id: marketId,
      dates: fc.array(hostileFields(dateFields(null, marketId), DATE_KEYS), { minLength: 1, maxLength: 3 }),
    }),
    delete_market_date: post('delete_market_date', { id: dateId }),
    // Issue 53: some days of a date cancelled or given other times.
    change_market_days: postWith(
      'change_market_days',
      fc
        .tuple(
          fieldsOf(
            {
              id: dateId,
              version: oneOf(fc.constantFrom(1, '1'), fc.constantFrom(0, 'x')),
              status: fc.constantFrom('takes_place', 'cancelled', 'pending'),
              note: text,
            },
            ['status', 'note'],
          ),
          span,
          times,
        )
        .map(([fields, [from, to], [time_from, time_to]]) => ({ ...fields, from, to, time_from, time_to })),
      ['id', 'version', 'from', 'to', 'status', 'time_from', 'time_to', 'note'],
    ),
    get_market_history: get(segment(marketId).map((id) => `/api/get_market_history/${id}`)),
    // Issue 54: the fuzz sends fields and addresses; tests/api/imports.test.ts and import-files.test.ts send files.
    import_preview: post('import_preview', {
      file: fc.constantFrom('kalender.ics', ''),
      url: oneOf(
        fc.constantFrom('https://127.0.0.1/k.ics', 'http://10.0.0.1/k.ics', 'file:///etc/passwd'),
        hostileString,
      ),
    }),
    import_apply: post('import_apply', {
      id: oneOf(fc.uuid(), hostileString),
      rows: oneOf(fc.constantFrom('1,2', [1, 2], [], [0], '-1'), hostileString),
    }),
    'import_template.csv': get(
      query({
        lang: fc.constantFrom('de', 'en', 'fr', 'xx'),
        municipalities: oneOf(fc.constantFrom('1', '0'), hostileQueryValue),
      }).map((q) => `/api/import_template.csv${q}`),
    ),
    // Issue 54: the municipality's calendar fetched every night.
    calendar_subscription: get(noQuery.map((q) => `/api/calendar_subscription${q}`)),
    save_calendar_subscription: post('save_calendar_subscription', {
      url: oneOf(
        fc.constantFrom('https://127.0.0.1/k.ics', 'http://www.example.at/k.ics', 'file:///etc/passwd'),
        hostileString,
      ),
    }),
    delete_calendar_subscription: post('delete_calendar_subscription', {}),
    calendar_subscription_seen: post('calendar_subscription_seen', {}),
    page_view: post('page_view', {
      path: oneOf(fc.constantFrom('/verzeichnis', '/en/info', '/seite/impressum'), hostileString),
      language: fc.constantFrom('de', 'en', 'fr', 'tr'),
    }),
    'public/markets.json': get(
      query({
        year: oneOf(fc.constantFrom('2026', '2027'), hostileQueryValue),
        state: oneOf(fc.constantFrom('6', '3'), hostileQueryValue),
        district: oneOf(fc.constantFrom('622', '301'), hostileQueryValue),
        gkz: oneOf(fc.constantFrom(...pools.municipalities), hostileQueryValue),
        type: oneOf(fc.constantFrom(...MARKET_TYPES), hostileQueryValue),
        ...searchFilters,
        page: oneOf(fc.constantFrom('1', '2', '999999'), hostileQueryValue),
        per_page: oneOf(fc.constantFrom('1', '20', '100'), hostileQueryValue),
      }).map((q) => `/api/public/markets.json${q}`),
    ),
    // Issue 52: a search as a calendar, and its changes as Atom.
    'public/markets.ics': get(searchFeedQuery.map((q) => `/api/public/markets.ics${q}`)),
    'public/markets.atom': get(searchFeedQuery.map((q) => `/api/public/markets.atom${q}`)),
    'public/markets.schema.json': get(noQuery.map((q) => `/api/public/markets.schema.json${q}`)),
    'public/markets/{id}.ics': get(segment(marketId).map((id) => `/api/public/markets/${id}.ics`)),
    'public/municipalities/{gkz}.ics': get(
      segment(fc.constantFrom(...pools.municipalities, '00000', '99999')).map(
        (gkz) => `/api/public/municipalities/${gkz}.ics`,
      ),
    ),
    // Issue 55: a printed edition's changes.
    'public/book/{edition}': get(
      segment(fc.constantFrom('2027-1', '2026-1', '2027-999', '0000-0')).map((id) => `/api/public/book/${id}`),
    ),
    // Issue 22: the console (operators only: every fuzzed session is a clerk's) and the campaign.
    campaign: get(noQuery.map((q) => `/api/campaign${q}`)),
    'campaign/confirm': post('campaign/confirm', { market_id: marketId }, ['market_id']),
    'operator/municipalities': get(
      query({
        q: oneOf(fc.constantFrom('Hartberg', '622'), hostileQueryValue),
        sort: oneOf(fc.constantFrom('gkz', 'state'), hostileQueryValue),
        page: oneOf(fc.constantFrom('2', '1000'), hostileQueryValue),
        per_page: oneOf(fc.constantFrom('1', '100'), hostileQueryValue),
      }).map((q) => `/api/operator/municipalities${q}`),
    ),
    'operator/allow_email': post('operator/allow_email', { gkz: fc.constantFrom(...pools.municipalities), email }),
    'operator/disallow_email': post('operator/disallow_email', {
      gkz: fc.constantFrom(...pools.municipalities),
      email,
    }),
    'operator/disable_user': post('operator/disable_user', { email }),
    'operator/end_sessions': post('operator/end_sessions', { email }),
    'operator/quotas/{gkz}': get(
      segment(fc.constantFrom(...pools.municipalities)).map((gkz) => `/api/operator/quotas/${gkz}`),
    ),
    'operator/set_quota': post('operator/set_quota', {
      gkz: fc.constantFrom(...pools.municipalities),
      name: fc.constantFrom('markets', 'dates', 'x'),
      value: fc.constantFrom(1, '90', 0),
    }),
    'operator/master_data': post(
      'operator/master_data',
      { municipalities: text, districts: text, apply: fc.boolean() },
      ['apply'],
    ),
    'operator/nightly': get(noQuery.map((q) => `/api/operator/nightly${q}`)),
    'operator/import_preview': post('operator/import_preview', { file: fc.constantFrom('gemeinden.csv', '') }),
    'operator/import_apply': post('operator/import_apply', {
      id: oneOf(fc.uuid(), hostileString),
      rows: oneOf(fc.constantFrom('1,2', [1, 2], [], [0], '-1'), hostileString),
    }),
    'operator/overview': get(noQuery.map((q) => `/api/operator/overview${q}`)),
    'operator/audit': get(
      query({
        before: oneOf(fc.constantFrom('10'), hostileQueryValue),
        limit: oneOf(fc.constantFrom('20'), hostileQueryValue),
      }).map((q) => `/api/operator/audit${q}`),
    ),
    'operator/campaign (open)': post('operator/campaign', { year: fc.constantFrom(2027, '2028'), deadline: day }),
    'operator/campaign/close': post('operator/campaign/close', { year: fc.constantFrom(2027, '2028', 'x') }),
    'operator/campaign': get(noQuery.map((q) => `/api/operator/campaign${q}`)),
    'operator/campaign.csv': get(noQuery.map((q) => `/api/operator/campaign.csv${q}`)),
    'operator/campaign/reminders (preview)': get(
      query({ interval_days: oneOf(fc.constantFrom('7', '365'), hostileQueryValue) }).map(
        (q) => `/api/operator/campaign/reminders${q}`,
      ),
    ),
    'operator/campaign/reminders': post('operator/campaign/reminders', { batch_size: fc.constantFrom(1, '500', 0) }, [
      'batch_size',
    ]),
    'unknown paths': get(fc.tuple(hostileSegment, hostileSegment, noQuery).map(([a, b, q]) => `/api/${a}/${b}${q}`)),
  };
}

/** Who sends (`cookies`: the two clerks' sessions), from where, in which language, with which cache and proxy headers. */
export function headers(cookies: readonly [string, string]): Arbitrary<Record<string, string | string[]>> {
  const maybe = <T>(arbitrary: Arbitrary<T>, weight = 2) =>
    fc.oneof({ weight, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
  const foreign = fc.oneof(
    fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1.evil.example'),
    headerJunk,
  );
  return fc
    .record({
      cookie: fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 8, arbitrary: fc.constantFrom(...cookies) },
        { weight: 1, arbitrary: headerJunk.map((junk) => `session=${junk}`) },
        { weight: 1, arbitrary: fc.constant([`session=${'A'.repeat(43)}`, cookies[0]]) },
        { weight: 1, arbitrary: fc.constant(`session=%E0%A4%A; ${cookies[1]}; session=x`) },
      ),
      origin: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.constant(OWN_ORIGIN) },
        { weight: 1, arbitrary: foreign },
      ),
      'sec-fetch-site': maybe(
        fc.oneof(fc.constantFrom('same-origin', 'none', 'cross-site', 'same-site'), headerJunk),
        8,
      ),
      'accept-language': maybe(fc.oneof(fc.constantFrom('en', 'fr-CH, fr;q=0.9', 'de;q=abc, en;q=-1, *'), headerJunk)),
      'if-none-match': maybe(fc.oneof(fc.constantFrom('*', 'W/"x", "y"'), headerJunk)),
      'x-forwarded-for': maybe(fc.oneof(fc.constantFrom('203.0.113.7', '203.0.113.7, 10.0.0.1', '::1'), headerJunk)),
      'x-forwarded-host': maybe(fc.oneof(fc.constantFrom('evil.example'), headerJunk), 4),
      'x-forwarded-proto': maybe(fc.constantFrom('https', 'gopher'), 4),
    })
    .map(
      (all) =>
        Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as Record<
          string,
          string | string[]
        >,
    );
}

/** Stands for the origin of the server a request goes to. */
export const OWN_ORIGIN = 'own origin';

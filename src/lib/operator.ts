import * as z from 'zod/mini';

/**
 * The console's requests (issue 22), checked the same way in the island and in the API. Addresses
 * are normalised by the operator service, which also serves the command line.
 */
const gkz = z.string({ error: 'required_fields' }).check(z.regex(/^\d{5}$/, { error: 'not_a_municipality' }));
const email = z.string({ error: 'required_fields' }).check(z.maxLength(254, { error: 'too_long' }));

export const allowEmailSchema = z.object({ gkz, email });
export const emailRequestSchema = z.object({ email });
/** A municipality's limits (issue 15, M6; issue 20: its photos' megabytes), by the names the command line and the API use. */
export const QUOTA_NAMES = ['markets', 'dates-per-market', 'dates', 'photo-megabytes'] as const;
export type QuotaName = (typeof QUOTA_NAMES)[number];
/** Migrations 0007 and 0014's column defaults, every municipality's limits until the operator changes them (a test holds them equal). */
export const QUOTA_DEFAULTS: Record<QuotaName, number> = {
  markets: 250,
  'dates-per-market': 750,
  dates: 30_000,
  'photo-megabytes': 50,
};
/** A municipality's quotas and what it uses of them, as the operator API answers them. */
export interface Quotas {
  max_markets: number;
  max_dates_per_market: number;
  max_dates: number;
  max_photo_megabytes: number;
  markets: number;
  dates: number;
  /** Bytes the municipality's uploaded photos take (migration 0014). */
  photo_bytes: number;
}
/** Each quota's limit: its field in `Quotas` and its column of `municipalities`. */
export const QUOTA_COLUMNS = {
  markets: 'max_markets',
  'dates-per-market': 'max_dates_per_market',
  dates: 'max_dates',
  'photo-megabytes': 'max_photo_megabytes',
} as const satisfies Record<QuotaName, keyof Quotas>;
export const setQuotaSchema = z.object({
  gkz,
  name: z.enum(QUOTA_NAMES, { error: 'invalid_request' }),
  value: z.union([z.number(), z.string()], { error: 'invalid_number' }),
});
/**
 * A list's text: no control character but line breaks and tabs, as the command line refuses them
 * (issue 15, L9): the database refuses NUL, and a terminal obeys escapes.
 */
const listText = z.string({ error: 'required_fields' }).check(
  z.minLength(1, { error: 'required_fields' }),
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  z.refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/u.test(text), {
    error: 'invalid_characters',
  }),
);
/** Statistik Austria's two lists as text (each far below the API's 1 MiB); `apply` false: the preview. */
export const masterDataSchema = z.object({
  municipalities: listText,
  districts: listText,
  apply: z._default(z.union([z.boolean(), z.enum(['true', 'false'])]), false),
});
/** A municipality is reminded at most once in so many days, unless the call says otherwise. */
export const DEFAULT_REMINDER_DAYS = 7;
export const remindersSchema = z.object({
  interval_days: z._default(
    z.coerce.number({ error: 'invalid_number' }).check(z.int(), z.gte(1, { error: 'invalid_number' }), z.lte(365)),
    DEFAULT_REMINDER_DAYS,
  ),
  batch_size: z._default(
    z.coerce.number({ error: 'invalid_number' }).check(z.int(), z.gte(1, { error: 'invalid_number' }), z.lte(500)),
    100,
  ),
});
/**
 * A page of the audit log: `before` is the `next` of the page above (an entry's id), `limit` 1–100.
 * Digits only, so "1e3" or "-1" is refused rather than read as another page.
 */
export const auditPageSchema = z.object({
  before: z.optional(
    z.string({ error: 'invalid_number' }).check(z.regex(/^[1-9]\d{0,14}$/, { error: 'invalid_number' })),
  ),
  limit: z._default(
    z.string({ error: 'invalid_number' }).check(z.regex(/^(?:100|[1-9]\d?)$/, { error: 'invalid_number' })),
    '100',
  ),
});
/** Issue 55: the console's municipalities, a page at a time, sorted by one of these columns. */
export const MUNICIPALITIES_PER_PAGE = 25;
export const MUNICIPALITY_SORTS = ['name', 'gkz', 'district', 'state'] as const;
export type MunicipalitySort = (typeof MUNICIPALITY_SORTS)[number];
export const searchSchema = z.object({
  q: z._default(z.string().check(z.maxLength(100, { error: 'too_long' })), ''),
  sort: z._default(z.enum(MUNICIPALITY_SORTS), 'name'),
  page: z._default(
    z.coerce.number({ error: 'invalid_number' }).check(z.int(), z.gte(1, { error: 'invalid_number' }), z.lte(1000)),
    1,
  ),
  per_page: z._default(
    z.coerce.number({ error: 'invalid_number' }).check(z.int(), z.gte(1, { error: 'invalid_number' }), z.lte(100)),
    MUNICIPALITIES_PER_PAGE,
  ),
});

/**
 * What a master-data import does to one state, district or municipality, in the order its preview
 * lists them: what needs a look first (issue 55). `moved`: into another state or district;
 * `changed`: a municipality's postcode.
 */
export const MASTER_DATA_CHANGES = ['removed', 'moved', 'renamed', 'changed', 'new'] as const;
export type MasterDataChangeKind = (typeof MASTER_DATA_CHANGES)[number];

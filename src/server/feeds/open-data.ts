import * as z from 'zod/mini';
import { uploadedPhotoOf } from '../../lib/market-photo.ts';
import type { Directory } from '../../lib/directory/directory.ts';
import type { Place, Places } from '../../lib/directory/places.ts';
import { DEFAULT_RADIUS_KM, findMarkets, type Found, type SearchQuery } from '../../lib/directory/search.ts';
import {
  MARKET_TYPES,
  marketDateRecordSchema,
  marketImageSchema,
  marketRecordSchema,
  type MarketDateRecord,
  type MarketRecord,
} from '../../lib/market.ts';
import type { Translate } from '../../lib/translate.ts';
import { ApiError } from '../api-error.ts';
import { openingHoursOf } from './opening-hours.ts';
import type { CampaignCount } from '../../lib/campaign.ts';
import type { Published } from '../db/published.ts';

/** The open-data licence of the feed; attribution names the provider and the municipalities. */
export const LICENCE = 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)';

export function attributionOf(providerName: string): string {
  return `Datenquelle: ${providerName} und die österreichischen Gemeinden`;
}

/** The filters of `GET /api/public/markets.json` (api.md); every one optional. */
export const feedQuerySchema = z.object({
  year: z.optional(z.coerce.number().check(z.int(), z.minimum(2000), z.maximum(2100))),
  state: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(9))),
  district: z.optional(z.string().check(z.regex(/^\d{3}$/))),
  gkz: z.optional(z.string().check(z.regex(/^\d{5}$/))),
  type: z.optional(z.enum(MARKET_TYPES)),
  // Issue 52, the search's filters (docs/api.md): with any of them the answer comes in pages.
  q: z.optional(z.string().check(z.maxLength(200))),
  near: z.optional(z.string().check(z.regex(/^(\d{4}|\d{5})$/))),
  km: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  from: z.optional(z.iso.date()),
  to: z.optional(z.iso.date()),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000))),
  per_page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** The filters that make the feed a search (issue 52): its answer then has pages. */
const SEARCH_FILTERS = ['q', 'near', 'km', 'from', 'to', 'page', 'per_page'] as const;
export const DEFAULT_PER_PAGE = 20;

export function isSearch(query: FeedQuery): boolean {
  return SEARCH_FILTERS.some((filter) => query[filter] !== undefined);
}

/** The directory's search that the feed's filters ask for (lib/directory/search.ts). */
function searchOfFeed(query: FeedQuery): Omit<SearchQuery, 'page'> {
  return {
    text: query.q ?? '',
    type: query.type ?? null,
    state: query.state ?? null,
    place: query.near ?? '',
    km: query.km ?? DEFAULT_RADIUS_KM,
    from: query.from ?? null,
    to: query.to ?? null,
    when: null,
  };
}

/** An empty text, or one of the given format: what the input schemas let a clerk store. */
const emptyOr = <S extends z.core.$ZodType>(schema: S) => z.union([z.literal(''), schema]);

const feedMarketSchema = z.extend(marketRecordSchema, {
  // The formats a reader can check (issue 21): what the input schemas (market-input.ts) accepted.
  website: emptyOr(z.url()),
  email: emptyOr(z.email()),
  updated_at: z.iso.datetime(),
  image: z.nullable(z.extend(marketImageSchema, { url: z.url() })),
  /** OpenStreetMap opening_hours of a weekly or monthly rule, else null (opening-hours.ts). */
  opening_hours: z.nullable(z.string()),
  /** Issue 52: with `near`, from that municipality's centre to the market's, in km (one decimal). */
  distance_km: z.optional(z.number()),
  dates: z.array(marketDateRecordSchema),
});

/** The answer's `data`; its JSON Schema is published at /api/public/markets.schema.json. */
export const openDataSchema = z.object({
  licence: z.string(),
  attribution: z.string(),
  /** Issue 22: the running update campaign, and how many municipalities confirmed their data for its year. */
  campaign: z.nullable(z.object({ year: z.int(), confirmed_municipalities: z.int() })),
  /** Issue 52: with a search's filter, how many markets match, and which page of them this is. */
  total: z.optional(z.int()),
  page: z.optional(z.int()),
  per_page: z.optional(z.int()),
  markets: z.array(feedMarketSchema),
});
export type OpenData = z.infer<typeof openDataSchema>;

/** The whole answer, `{"data": …}`, as a JSON Schema (draft 2020-12), named by its own address. */
export function openDataJsonSchema(id: string): Record<string, unknown> {
  return {
    $id: id,
    ...z.toJSONSchema(z.object({ data: openDataSchema })),
    title: 'Markets of the Austrian market directory (open data)',
  };
}

/** Where the feed's markets come from: the snapshot, and for a search its directory and places. */
export interface FeedSource {
  snapshot: Published;
  /**
   * Given only when a search asks (http/routes/public-feeds.ts): what it searches, the day its
   * dates are counted from, and the language its words are read in.
   */
  searchable?: { directory: Directory; places: Places; today: string; t: Translate };
}

/** Which of a market's dates the feed's `year`, `from` and `to` keep. */
export function datesAskedFor(query: FeedQuery): (date: Pick<MarketDateRecord, 'date_start' | 'date_end'>) => boolean {
  const { year, from, to } = query;
  return (d) =>
    (!year || (d.date_start <= `${year}-12-31` && d.date_end >= `${year}-01-01`)) &&
    (!from || d.date_end >= from) &&
    (!to || d.date_start <= to);
}

/** Whether a market is of the type, municipality, district and state the feed's filters name. */
function inPlaceAsked(published: Published, query: FeedQuery, market: MarketRecord): boolean {
  const place = published.placeOf(market.gkz);
  return (
    (!query.type || market.type === query.type) &&
    (!query.gkz || market.gkz === query.gkz) &&
    (!query.district || place?.districtCode === query.district) &&
    (!query.state || place?.stateCode === query.state)
  );
}

/**
 * The markets the directory's search finds for the feed's search filters (issue 52), in its order,
 * narrowed by the feed's other filters as markets.json narrows them; markets.json and markets.ics
 * both read it. A place the search cannot read is 400.
 */
export function searchedMarkets(
  published: Published,
  { directory, places, today, t }: Required<FeedSource>['searchable'],
  query: FeedQuery,
): { matching: { record: MarketRecord; found: Found }[]; place: Place | null } {
  const { found, place } = findMarkets(directory, searchOfFeed(query), today, t, places);
  if (place && place.kind !== 'one') throw new ApiError('invalid_request');
  const asked = datesAskedFor(query);
  const byId = new Map(published.markets.map((market) => [market.id, market]));
  const matching = found.flatMap((one) => {
    const record = byId.get(one.market.id);
    if (!record || !inPlaceAsked(published, query, record)) return [];
    if (query.year && !published.datesOf(record.id).some(asked)) return [];
    return [{ record, found: one }];
  });
  return { matching, place: place?.place ?? null };
}

/**
 * Every published market that matches the filters, with its published dates (only that year's
 * with `year`, and then only markets that have some), ordered by municipality and title. With a
 * search's filters (issue 52): the markets the directory's search finds for them, in its order
 * (lib/directory/search.ts), a page of `per_page`, each with its distance from `near` and only its
 * dates in `from`–`to`.
 */
export function openDataOf(
  source: FeedSource,
  query: FeedQuery,
  providerName: string,
  campaign: CampaignCount | null = null,
  /** The portal's public address: an uploaded photo's is a path on it (issue 20), the feed's a full URL. */
  baseUrl = 'http://localhost',
): OpenData {
  const published = source.snapshot;
  const asked = datesAskedFor(query);
  const feedMarket = (market: MarketRecord, distanceKm?: number) => {
    const dates = published
      .datesOf(market.id)
      .filter(asked)
      // The schema leaves out what is only for the server (replaces_date).
      .map((date) => marketDateRecordSchema.parse(date));
    const image =
      market.image && uploadedPhotoOf(market.image.url)
        ? { ...market.image, url: new URL(market.image.url, baseUrl).href }
        : market.image;
    const opening_hours = openingHoursOf(market, published.datesOf(market.id));
    return { ...market, image, opening_hours, ...(distanceKm === undefined ? {} : { distance_km: distanceKm }), dates };
  };
  const about = { licence: LICENCE, attribution: attributionOf(providerName), campaign };
  if (isSearch(query) && source.searchable) {
    const { matching } = searchedMarkets(published, source.searchable, query);
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const page = query.page ?? 1;
    // Only the page's markets are written out: a broad word finds thousands.
    const markets = matching
      .slice((page - 1) * perPage, page * perPage)
      .map(({ record, found: { distanceKm } }) =>
        feedMarket(record, distanceKm === null ? undefined : Math.round(distanceKm * 10) / 10),
      );
    return { ...about, total: matching.length, page, per_page: perPage, markets };
  }
  const markets = published.markets
    .filter((market) => inPlaceAsked(published, query, market))
    .map((market) => feedMarket(market))
    .filter((market) => !query.year || market.dates.length > 0)
    .sort((a, b) => a.gkz.localeCompare(b.gkz) || a.title.localeCompare(b.title, 'de') || a.id.localeCompare(b.id));
  return { ...about, markets };
}

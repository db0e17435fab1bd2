import * as z from 'zod/mini';
import { uploadedPhotoOf } from '../../lib/market-photo.ts';
import { MARKET_TYPES, marketDateRecordSchema, marketImageSchema, marketRecordSchema } from '../../lib/market.ts';
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
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

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
  dates: z.array(marketDateRecordSchema),
});

/** The answer's `data`; its JSON Schema is published at /api/public/markets.schema.json. */
export const openDataSchema = z.object({
  licence: z.string(),
  attribution: z.string(),
  /** Issue 22: the running update campaign, and how many municipalities confirmed their data for its year. */
  campaign: z.nullable(z.object({ year: z.int(), confirmed_municipalities: z.int() })),
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

/**
 * Every published market that matches the filters, with its published dates (only that year's
 * with `year`, and then only markets that have some), ordered by municipality and title.
 */
export function openDataOf(
  published: Published,
  query: FeedQuery,
  providerName: string,
  campaign: CampaignCount | null = null,
  /** The portal's public address: an uploaded photo's is a path on it (issue 20), the feed's a full URL. */
  baseUrl = 'http://localhost',
): OpenData {
  const markets = published.markets
    .filter((market) => {
      const place = published.placeOf(market.gkz);
      return (
        (!query.type || market.type === query.type) &&
        (!query.gkz || market.gkz === query.gkz) &&
        (!query.district || place?.districtCode === query.district) &&
        (!query.state || place?.stateCode === query.state)
      );
    })
    .map((market) => {
      const dates = published
        .datesOf(market.id)
        .filter((d) => !query.year || (d.date_start <= `${query.year}-12-31` && d.date_end >= `${query.year}-01-01`))
        // The schema leaves out what is only for the server (replaces_date).
        .map((date) => marketDateRecordSchema.parse(date));
      const image =
        market.image && uploadedPhotoOf(market.image.url)
          ? { ...market.image, url: new URL(market.image.url, baseUrl).href }
          : market.image;
      return { ...market, image, opening_hours: openingHoursOf(market, published.datesOf(market.id)), dates };
    })
    .filter((market) => !query.year || market.dates.length > 0)
    .sort((a, b) => a.gkz.localeCompare(b.gkz) || a.title.localeCompare(b.title, 'de') || a.id.localeCompare(b.id));
  return { licence: LICENCE, attribution: attributionOf(providerName), campaign, markets };
}

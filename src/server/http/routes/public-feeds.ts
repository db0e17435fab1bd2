import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { editionChanges } from '../../../lib/book/edition.ts';
import { translator } from '../../../lib/i18n.ts';
import { viennaDay } from '../../../lib/market-rules.ts';
import { DIRECTORY_PATH } from '../../../lib/directory/directory.ts';
import { dateSpanInWords, dayFormatter } from '../../../lib/directory/format.ts';
import { stateNameOf } from '../../../lib/directory/names.ts';
import { DEFAULT_RADIUS_KM } from '../../../lib/directory/search.ts';
import { localizedPath } from '../../../lib/languages.ts';
import { ApiError } from '../../api-error.ts';
import { compressedBody, keptPerVersion, type CompressedBody } from '../../compression/compressed-body.ts';
import { publicBaseUrl, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { listMunicipalities, municipalityName } from '../../db/queries/places.ts';
import type { Publisher } from '../../directory/publisher.ts';
import { placesOnFile } from '../../directory/places.ts';
import { directoryOf } from '../../directory/read-directory.ts';
import { atomOf } from '../../feeds/atom.ts';
import { calendarOf, type CalendarMarket } from '../../feeds/calendar.ts';
import { campaignCountSource } from '../../feeds/campaign-count.ts';
import {
  feedQuerySchema,
  isSearch,
  openDataJsonSchema,
  openDataOf,
  datesAskedFor,
  searchedMarkets,
  type FeedQuery,
  type FeedSource,
} from '../../feeds/open-data.ts';
import type { Published } from '../../db/published.ts';
import { createPublishedSource } from '../../feeds/published.ts';
import { readEdition } from '../../services/book-editions.ts';
import type { ApiEnv } from '../api-env.ts';
import { compressedAnswer } from '../compressed-answer.ts';

/** What a search of the feed reads, with the snapshot it belongs to. */
type Searchable = Pick<Required<FeedSource>['searchable'], 'directory' | 'places'> & Pick<FeedSource, 'snapshot'>;

/** Feeds change with the data; a client asks again with If-None-Match and mostly gets 304. */
const CACHE = 'public, max-age=0, must-revalidate';
/** Answers of the markets feed kept per content version, one per distinct filter. */
const MAX_KEPT_ANSWERS = 32;
/** A search's calendar and feed hold at most this many markets, the first it finds. */
const SEARCH_FEED_MARKETS = 100;
/** Calendars kept per content version: the municipalities and markets visitors open most, by language. */
const MAX_KEPT_CALENDARS = 200;

/**
 * The open feeds (api.md, "Public feeds"): every published market as JSON with its JSON Schema,
 * and iCalendar files per market and per municipality. Only published data, for anyone.
 */
export function publicFeedRoutes(api: Hono<ApiEnv>, db: Database, config: Config, publisher?: Publisher): void {
  const published = createPublishedSource(db);
  const campaignCount = campaignCountSource(db);
  const host = new URL(publicBaseUrl(config)).host;
  // Issue 17: each answer is made, and compressed per coding, once per content version.
  const keptFeeds = keptPerVersion(MAX_KEPT_ANSWERS);
  const keptCalendars = keptPerVersion(MAX_KEPT_CALENDARS);

  /**
   * What a search of the feed reads: the snapshot the directory's pages show, so the feed and the
   * search page give the same list (issue 52). Without a publisher (API tests) one made here.
   */
  const made = new WeakMap<Published, Promise<Searchable>>();
  const searchable = async (): Promise<Searchable> => {
    if (publisher?.isReady()) {
      const { snapshot, directory, places } = publisher.current();
      return { snapshot, directory, places };
    }
    const snapshot = await published.current();
    let reading = made.get(snapshot);
    if (!reading) {
      reading = listMunicipalities(db).then((onFile) => ({
        snapshot,
        directory: directoryOf(snapshot, new Date()),
        places: placesOnFile(onFile),
      }));
      made.set(snapshot, reading);
    }
    return reading;
  };

  api.get('/public/markets.json', async (c) => {
    const query = feedQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new ApiError('invalid_request');
    const { from, to } = query.data;
    if (from && to && to < from) throw new ApiError('invalid_request');
    const search = isSearch(query.data) ? await searchable() : undefined;
    const data = search?.snapshot ?? (await published.current());
    const campaign = await campaignCount.current();
    // A search's list depends on the day (the next dates) and on the language its words are read in.
    const today = viennaDay(new Date());
    const locale = c.get('locale')();
    const key = JSON.stringify([...Object.entries(query.data).sort(), campaign, ...(search ? [today, locale] : [])]);
    const body = keptFeeds(data.version, key, () =>
      JSON.stringify({
        data: openDataOf(
          search ? { snapshot: data, searchable: { ...search, today, t: translator(locale) } } : { snapshot: data },
          query.data,
          config.PROVIDER_NAME,
          campaign,
          publicBaseUrl(config),
        ),
      }),
    );
    const headers = {
      'Cache-Control': CACHE,
      'Content-Type': 'application/json; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      // A search's words are read in the language asked for, by `lang` or the header.
      ...(search ? { Vary: 'Accept-Language' } : {}),
    };
    return compressedAnswer(c, body, headers, `"markets-${data.version}-${shortHash(key)}"`);
  });

  let schema: CompressedBody | undefined;
  api.get('/public/markets.schema.json', (c) => {
    schema ??= compressedBody(
      JSON.stringify(openDataJsonSchema(new URL('/api/public/markets.schema.json', publicBaseUrl(config)).href)),
    );
    return compressedAnswer(c, schema, {
      'Cache-Control': 'public, max-age=3600',
      'Content-Type': 'application/schema+json; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
    });
  });

  /**
   * Issue 55: what no longer holds of a printed edition of the book, per municipality, against the
   * directory as published now (docs/api.md); made once per published version.
   */
  api.get('/public/book/:edition', async (c) => {
    const edition = await readEdition(db, c.req.param('edition'));
    if (!edition) throw new ApiError('not_found');
    const { snapshot, directory } = await searchable();
    const { year } = edition.printed;
    // A past year's edition is compared with nothing: its dates are no longer in the directory.
    const current = directory.years.includes(year);
    const body = keptFeeds(snapshot.version, `book-${edition.id}`, () =>
      JSON.stringify({
        data: {
          ...{ id: edition.id, year, made_at: edition.made_at, current },
          municipalities: current ? editionChanges(edition.printed, directory) : [],
        },
      }),
    );
    const headers = {
      'Cache-Control': CACHE,
      'Content-Type': 'application/json; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
    };
    return compressedAnswer(c, body, headers, `"book-${edition.id}-${snapshot.version}"`);
  });

  api.get('/public/markets/:file{[^/]+\\.ics}', async (c) => {
    const data = await published.current();
    const id = c.req.param('file').slice(0, -'.ics'.length);
    const market = data.markets.find((candidate) => candidate.id === id);
    if (!market) throw new ApiError('market_not_found');
    return calendarAnswer(c, data, `market-${id}`, market.title, [market]);
  });

  api.get('/public/municipalities/:file{\\d{5}\\.ics}', async (c) => {
    const gkz = c.req.param('file').slice(0, 5);
    const data = await published.current();
    // One with markets is named by the data at hand, so its calendar needs no database (issue 50).
    const municipality = data.placeOf(gkz)?.municipality ?? (await municipalityName(db, gkz));
    if (municipality === undefined) throw new ApiError('not_found');
    const markets = data.markets.filter((market) => market.gkz === gkz);
    const name = translator(c.get('locale')())('feeds.municipalityCalendar', { place: municipality });
    return calendarAnswer(c, data, `municipality-${gkz}`, name, markets);
  });

  /**
   * Issue 52, a search to subscribe to: the markets the search finds for the feed's filters (the
   * first SEARCH_FEED_MARKETS, by date and distance), in words for the feed's title. Without a
   * filter it is refused: the whole of Austria is no subscription.
   */
  async function searchAsked(c: Context<ApiEnv>) {
    const parsed = feedQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError('invalid_request');
    const query = parsed.data;
    const { from, to, q, near, km, type, state } = query;
    if ((from && to && to < from) || !(q || near || from || to || type || state)) throw new ApiError('invalid_request');
    const search = await searchable();
    const locale = c.get('locale')();
    const t = translator(locale);
    const today = viennaDay(new Date());
    const { matching, place } = searchedMarkets(search.snapshot, { ...search, today, t }, query);
    const words = [
      q,
      type && t(`market.type.${type}`),
      state && stateNameOf(state, t),
      place && `${km ?? DEFAULT_RADIUS_KM} km – ${place.name} (${place.postcodes[0]})`,
      (from || to) && `${from ?? ''}–${to ?? ''}`,
    ].filter(Boolean);
    return {
      query,
      snapshot: search.snapshot,
      locale,
      t,
      title: t('feeds.searchCalendar', { search: words.join(', ') }),
      matching: matching.slice(0, SEARCH_FEED_MARKETS),
      key: `search-${shortHash(JSON.stringify([...Object.entries(query).sort(), today]))}`,
    };
  }

  api.get('/public/markets.ics', async (c) => {
    const { query, snapshot, title, matching, key } = await searchAsked(c);
    const markets = matching.map(({ record }) => record);
    return calendarAnswer(c, snapshot, key, title, markets, datesAskedFor(query));
  });

  /** Issue 52: a search's changes as an Atom feed, the last changed market first. */
  api.get('/public/markets.atom', async (c) => {
    const { query, snapshot, locale, t, title, matching, key } = await searchAsked(c);
    const base = publicBaseUrl(config);
    const formatDay = dayFormatter(locale, { year: 'numeric' });
    const body = keptCalendars(snapshot.version, `${key}-${locale}-atom`, () =>
      atomOf({
        title,
        self: new URL(`/api/public/markets.atom?${feedParamsOf(query)}`, base).href,
        page: new URL(`${localizedPath(`${DIRECTORY_PATH}/suche`, locale)}?${searchPageParamsOf(query)}`, base).href,
        language: locale,
        madeAt: new Date().toISOString(),
        entries: matching.map(({ record, found: { market, municipality, next } }) => ({
          link: new URL(localizedPath(market.path, locale), base).href,
          title: market.title,
          updated: snapshot.revisionOf(record.id).changedAt,
          summary: [
            t(`market.type.${market.type}`),
            `${municipality.postcode} ${municipality.name}`,
            next &&
              t(next.status === 'cancelled' ? 'search.cancelledDate' : 'search.nextDate', {
                date: dateSpanInWords(next, formatDay),
              }),
          ]
            .filter(Boolean)
            .join(' · '),
        })),
      }),
    );
    const headers = {
      'Cache-Control': CACHE,
      Vary: 'Accept-Language',
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
    };
    return compressedAnswer(c, body, headers, `"${key}-${snapshot.version}-${locale}-atom"`);
  });

  function calendarAnswer(
    c: Context<ApiEnv>,
    data: Published,
    name: string,
    title: string,
    markets: Published['markets'],
    /** Which of a market's dates it holds; all by default. */
    holds: (date: ReturnType<Published['datesOf']>[number]) => boolean = () => true,
  ): Promise<Response> {
    const locale = c.get('locale')();
    const body = keptCalendars(data.version, `${name}-${locale}`, () => {
      const entries: CalendarMarket[] = markets.map((market) => ({
        market,
        place: data.placeOf(market.gkz),
        dates: data.datesOf(market.id).filter(holds),
        revision: data.revisionOf(market.id),
      }));
      return calendarOf(title, entries, host, locale);
    });
    const headers = {
      'Cache-Control': CACHE,
      Vary: 'Accept-Language',
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `inline; filename="${name}.ics"`,
      'Access-Control-Allow-Origin': '*',
    };
    return compressedAnswer(c, body, headers, `"${name}-${data.version}-${locale}"`);
  }
}

/** The feed's filters as its address has them, in one order. */
const feedParamsOf = (query: FeedQuery) =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  ).toString();

/** The search page of the feed's filters (`searchOfFeed`'s names the other way round). */
const searchPageParamsOf = ({ q, near, km, from, to, type, state }: FeedQuery) =>
  new URLSearchParams(
    Object.entries({ q, ort: near, km, von: from, bis: to, typ: type, land: state })
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  ).toString();

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

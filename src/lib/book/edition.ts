import type { Directory, DirectoryDate, DirectoryMarket, DirectoryMunicipality } from '../directory/directory.ts';
import { marketsOf } from '../directory/listing.ts';
import type { MarketDateStatus } from '../market.ts';
import type { Book } from './book.ts';

/** A market date's day and hours, as a book prints them. */
export interface PrintedDay {
  date_start: string;
  date_end: string;
  time_from: string | null;
  time_to: string | null;
}

/** One market as an edition printed it. */
export interface EditionMarket {
  id: string;
  gkz: string;
  municipality: string;
  title: string;
  dates: (PrintedDay & { status: MarketDateStatus })[];
}

/**
 * What a printed edition of the book said (issue 55): kept when the book goes to print, so that
 * its page "Änderungen seit Drucklegung" can tell a reader of the paper what no longer holds.
 */
export interface EditionSnapshot {
  year: number;
  markets: EditionMarket[];
}

export const EDITION_CHANGE_KINDS = ['cancelled', 'moved', 'new', 'removed'] as const;
export type EditionChangeKind = (typeof EDITION_CHANGE_KINDS)[number];

/** One thing the paper says that no longer holds, or one it could not say yet. */
export interface EditionChange {
  kind: EditionChangeKind;
  market_id: string;
  title: string;
  /** The live market's page (without a language prefix); null for a market no longer listed. */
  path: string | null;
  /** The date as printed (cancelled, moved, removed) or the new one; null: the market as a whole. */
  date: PrintedDay | null;
  /** Where a moved date went. */
  to: PrintedDay | null;
}

export interface MunicipalityChanges {
  gkz: string;
  name: string;
  /** The municipality's live page; null when it lists no market of the year any more. */
  path: string | null;
  changes: EditionChange[];
}

/** What an edition prints: every market of the book with its dates of the year. */
export function editionOf(book: Book): EditionSnapshot {
  return {
    year: book.year,
    markets: [...marketsOfYear(book, book.year).values()].map(({ municipality, market, dates }) => ({
      id: market.id,
      gkz: municipality.gkz,
      municipality: municipality.name,
      title: market.title,
      dates: dates.map((date) => ({ ...printedDay(date), status: date.status })),
    })),
  };
}

/** The markets with dates in `year`, by id, each with those dates and its municipality, in the directory's order. */
function marketsOfYear(directory: Pick<Directory, 'states'>, year: number) {
  const [first, last] = [`${year}-01-01`, `${year}-12-31`];
  const found = new Map<
    string,
    { municipality: DirectoryMunicipality; market: DirectoryMarket; dates: DirectoryDate[] }
  >();
  for (const { municipality, market } of marketsOf(directory)) {
    const dates = market.dates.filter((date) => date.date_start <= last && date.date_end >= first);
    if (dates.length) found.set(market.id, { municipality, market, dates });
  }
  return found;
}

/**
 * What changed since the edition, per municipality, against the live directory's dates of the
 * edition's year (what its book would print now): a printed date now cancelled; one moved to
 * another day (a changed date that replaces it) or to other hours; one gone without a replacement,
 * or a whole market gone; a date or market the paper does not have. Municipalities in the order of
 * the book, each market's changes by date. (The directory is read as it is, not made into a book
 * first: at Austria scale that took 140 of the 200 ms.)
 */
export function editionChanges(edition: EditionSnapshot, live: Pick<Directory, 'states'>): MunicipalityChanges[] {
  const liveMarkets = marketsOfYear(live, edition.year);
  const printedIds = new Set(edition.markets.map((market) => market.id));
  const byGkz = new Map<string, MunicipalityChanges>();
  const group = (gkz: string, name: string) => {
    let found = byGkz.get(gkz);
    if (!found) byGkz.set(gkz, (found = { gkz, name, path: null, changes: [] }));
    return found;
  };

  for (const printed of edition.markets) {
    const changes = group(printed.gkz, printed.municipality).changes;
    const now = liveMarkets.get(printed.id);
    const change = (kind: EditionChangeKind, date: PrintedDay | null, to: PrintedDay | null = null) =>
      changes.push({ kind, market_id: printed.id, title: now?.market.title ?? printed.title, path: null, date, to });
    if (!now) {
      change('removed', null);
      continue;
    }
    const liveByDay = new Map(now.dates.map((date) => [date.date_start, date]));
    const movedTo = new Map(now.dates.flatMap((date) => (date.replaces_date ? [[date.replaces_date, date]] : [])));
    const printedDays = new Set(printed.dates.map((date) => date.date_start));
    const accounted = new Set<string>();
    for (const date of printed.dates) {
      const today = liveByDay.get(date.date_start);
      const wasOn = date.status !== 'cancelled';
      if (today) {
        accounted.add(today.date_start);
        const isOn = today.status !== 'cancelled';
        if (wasOn && !isOn) change('cancelled', printedDay(date));
        else if (!wasOn && isOn) change('new', printedDay(today));
        else if (wasOn && !sameDay(date, today)) change('moved', printedDay(date), printedDay(today));
        continue;
      }
      if (!wasOn) continue;
      const moved = movedTo.get(date.date_start);
      if (moved && !printedDays.has(moved.date_start) && moved.status !== 'cancelled') {
        accounted.add(moved.date_start);
        change('moved', printedDay(date), printedDay(moved));
      } else change('removed', printedDay(date));
    }
    for (const date of now.dates)
      if (!accounted.has(date.date_start) && date.status !== 'cancelled') change('new', printedDay(date));
  }

  for (const { municipality, market, dates } of liveMarkets.values()) {
    const found = group(municipality.gkz, municipality.name);
    found.path = municipality.path;
    if (printedIds.has(market.id)) continue;
    if (dates.some((date) => date.status !== 'cancelled'))
      found.changes.push({ kind: 'new', market_id: market.id, title: market.title, path: null, date: null, to: null });
  }
  for (const municipality of byGkz.values())
    for (const change of municipality.changes) change.path = liveMarkets.get(change.market_id)?.market.path ?? null;

  return [...byGkz.values()]
    .filter((municipality) => municipality.changes.length > 0)
    .map((municipality) => ({ ...municipality, changes: municipality.changes.sort(byDate) }));
}

function printedDay(date: PrintedDay): PrintedDay {
  return { date_start: date.date_start, date_end: date.date_end, time_from: date.time_from, time_to: date.time_to };
}

function sameDay(a: PrintedDay, b: Pick<DirectoryDate, keyof PrintedDay>): boolean {
  return a.date_end === b.date_end && a.time_from === b.time_from && a.time_to === b.time_to;
}

/** A whole market's change first, then by the day printed, then by title. */
function byDate(a: EditionChange, b: EditionChange): number {
  const day = (change: EditionChange) => change.date?.date_start ?? '';
  return day(a).localeCompare(day(b)) || a.title.localeCompare(b.title, 'de-AT');
}

import type { Directory, DirectoryDate, DirectoryMarket, DirectoryMunicipality } from '../directory/directory.ts';
import { byFirstLetter } from '../directory/collation.ts';
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
  dates: (PrintedDay & { id: string; status: MarketDateStatus })[];
}

/**
 * What a printed edition of the book said (issue 55): kept when the book goes to print, so that
 * its page "Änderungen seit Drucklegung" can tell a reader of the paper what no longer holds.
 */
export interface EditionSnapshot {
  year: number;
  markets: EditionMarket[];
}

export type EditionChangeKind = 'cancelled' | 'moved' | 'new' | 'removed';

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
      dates: dates.map((date) => ({ id: date.id, ...printedDay(date), status: date.status })),
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
 * or a whole market gone; a date or market the paper does not have. Municipalities by state (the
 * states' codes follow their names) and name, each market's changes by date. (The directory is read as it is, not made into a book
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
    // A printed date is found again by its id (a changed date keeps it), else on its day, else as
    // the day a changed date replaces; two dates of one day each find their own.
    const unmatched = new Set(now.dates);
    const take = (date: DirectoryDate | undefined) => (date && unmatched.delete(date) ? date : undefined);
    const byId = new Map(now.dates.map((date) => [date.id, date]));
    const pairs = printed.dates.map((date) => ({ date, live: take(byId.get(date.id)) }));
    const find = (test: (date: DirectoryDate) => boolean) => take([...unmatched].find(test));
    for (const pair of pairs) pair.live ??= find((date) => date.date_start === pair.date.date_start);
    for (const pair of pairs)
      if (pair.date.status !== 'cancelled')
        pair.live ??= find((date) => date.replaces_date === pair.date.date_start && date.status !== 'cancelled');
    for (const { date, live } of pairs) {
      const wasOn = date.status !== 'cancelled';
      if (!live) {
        if (wasOn) change('removed', printedDay(date));
        continue;
      }
      const isOn = live.status !== 'cancelled';
      if (wasOn && !isOn) change('cancelled', printedDay(date));
      else if (!wasOn && isOn) change('new', printedDay(live));
      else if (wasOn && !sameDay(date, live)) change('moved', printedDay(date), printedDay(live));
    }
    for (const date of unmatched) if (date.status !== 'cancelled') change('new', printedDay(date));
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
    .sort((a, b) => a.gkz.slice(0, 1).localeCompare(b.gkz.slice(0, 1)) || byFirstLetter(a.name, b.name))
    .map((municipality) => ({ ...municipality, changes: municipality.changes.sort(byDate) }));
}

function printedDay(date: PrintedDay): PrintedDay {
  return { date_start: date.date_start, date_end: date.date_end, time_from: date.time_from, time_to: date.time_to };
}

function sameDay(a: PrintedDay, b: PrintedDay): boolean {
  return (
    a.date_start === b.date_start && a.date_end === b.date_end && a.time_from === b.time_from && a.time_to === b.time_to
  );
}

/** A whole market's change first, then by the day printed, then by title. */
function byDate(a: EditionChange, b: EditionChange): number {
  const day = (change: EditionChange) => change.date?.date_start ?? '';
  return day(a).localeCompare(day(b)) || a.title.localeCompare(b.title, 'de-AT');
}

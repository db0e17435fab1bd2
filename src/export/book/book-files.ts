import { municipalityShortAddress } from '../../lib/book/addresses.ts';
import { csvFile } from '../../lib/csv.ts';
import { marketsOf } from '../../lib/directory/listing.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { ruleInWords } from '../../lib/directory/rule-words.ts';
import { translator } from '../../lib/i18n.ts';
import type { Locale } from '../../lib/languages.ts';
import { SHOWN_TEXT_FIELDS } from '../../lib/market-fields.ts';
import { attributionOf, LICENCE } from '../../server/feeds/open-data.ts';
import type { Book } from '../../lib/book/book.ts';

/** Columns of the typesetter's CSV: one row per market date, in book order. */
export const CSV_COLUMNS = [
  'state',
  'district',
  'gkz',
  'municipality',
  'postcode',
  'short_address',
  'market_id',
  'title',
  ...SHOWN_TEXT_FIELDS.map(({ name }) => name),
  'type',
  'rule',
  'date_start',
  'date_end',
  'time_from',
  'time_to',
  'status',
  'note',
  'phone',
  'email',
  'website',
] as const;

/**
 * The book as CSV: UTF-8 with a byte order mark (so Excel on Windows reads the umlauts), semicolons,
 * CRLF, fields quoted where needed; labels in the book's language. `short_address` is the address
 * of the municipality's live page the PDF prints with its QR code (issue 55), from `baseUrl` on.
 */
export function bookCsv(book: Book, locale: Locale, baseUrl: string): string {
  const t = translator(locale);
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const { state, district, municipality, market } of marketsOf(book)) {
    for (const date of market.dates) {
      rows.push([
        stateNameOf(state.code, t),
        districtNameOf(district.name),
        municipality.gkz,
        municipality.name,
        municipality.postcode,
        municipalityShortAddress(municipality.gkz, locale, baseUrl),
        market.id,
        market.title,
        ...SHOWN_TEXT_FIELDS.map(({ name }) => market[name]),
        t(`market.type.${market.type}`),
        market.rule ? ruleInWords(market.rule, t) : '',
        date.date_start,
        date.date_end,
        date.time_from ?? '',
        date.time_to ?? '',
        t(`book.status.${date.status}`),
        date.note,
        market.phone,
        market.email,
        market.website,
      ]);
    }
  }
  return csvFile(rows);
}

/** The book as JSON: the same tree with the year, language, licence and attribution. */
export function bookJson(book: Book, locale: Locale, providerName: string): string {
  return JSON.stringify(
    {
      year: book.year,
      language: locale,
      read_at: book.readAt,
      licence: LICENCE,
      attribution: attributionOf(providerName),
      states: book.states,
    },
    null,
    1,
  );
}

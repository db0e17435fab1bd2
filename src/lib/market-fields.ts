import type { MessageKey } from './translate.ts';

/**
 * A market's free-text fields, each declared once (issue 16). From this list come the record and
 * input schemas (market.ts, market-input.ts), the database's column lists (db/queries/markets.ts),
 * the form and its draft, the history's labels, and what every public outlet shows
 * (directory/market-facts.ts): a new field is one line here, a column, and its labels.
 */
export interface MarketTextField {
  name: string;
  /** The form's label, also the history's and the outlets' word for it. */
  label: MessageKey;
  /** An example under the form's field, for fields a clerk might not know how to fill. */
  hint?: MessageKey;
  max: number;
  /** Whether line breaks are kept (only the description). */
  multiline: boolean;
  /**
   * Where the public sees it: `lead`, the market's introduction; `place`, a line of where it is;
   * `fact`, a fact of its own under its label; `data`, only in the data answers and feeds.
   */
  shown: 'lead' | 'place' | 'fact' | 'data';
}

/** Seed section 9: title and description at most 200 characters. */
export const TEXT_MAX = 200;
/** Longest line of the other free texts (places, floor, floor plan, how to get there). */
export const LINE_MAX = 200;

/** In the order the outlets show them (the event's location before the street, as one writes an address). */
export const MARKET_TEXT_FIELDS = [
  { name: 'description', label: 'market.field.description', max: TEXT_MAX, multiline: true, shown: 'lead' },
  // "Ort" and "Veranstaltungsort" are told apart by their hints (issue 19): the town, and the place in it.
  {
    name: 'event_location',
    label: 'market.field.eventLocation',
    hint: 'market.field.eventLocationHint',
    max: LINE_MAX,
    multiline: false,
    shown: 'place',
  },
  {
    name: 'location',
    label: 'market.field.location',
    hint: 'market.field.locationHint',
    max: LINE_MAX,
    multiline: false,
    shown: 'place',
  },
  {
    name: 'floor',
    label: 'market.field.floor',
    hint: 'market.field.floorHint',
    max: LINE_MAX,
    multiline: false,
    shown: 'place',
  },
  {
    name: 'floorplan',
    label: 'market.field.floorplan',
    hint: 'market.field.floorplanHint',
    max: LINE_MAX,
    multiline: false,
    shown: 'data',
  },
  {
    name: 'access_info',
    label: 'market.field.accessInfo',
    hint: 'market.field.accessInfoHint',
    max: LINE_MAX,
    multiline: false,
    shown: 'fact',
  },
] as const satisfies readonly MarketTextField[];

export type MarketTextFieldName = (typeof MARKET_TEXT_FIELDS)[number]['name'];
export type MarketTexts = Record<MarketTextFieldName, string>;

/** The fields the page, the book, the CSV and the calendars show, in their order. */
type ShownTextField = Exclude<(typeof MARKET_TEXT_FIELDS)[number], { shown: 'data' }>;
export type ShownTextFieldName = ShownTextField['name'];
export const SHOWN_TEXT_FIELDS = MARKET_TEXT_FIELDS.filter((field): field is ShownTextField => field.shown !== 'data');

/** One value per text field, made from its declaration: a schema shape, defaults, a form's draft. */
export function eachTextField<T>(make: (field: MarketTextField) => T): Record<MarketTextFieldName, T> {
  return Object.fromEntries(MARKET_TEXT_FIELDS.map((field) => [field.name, make(field)])) as Record<
    MarketTextFieldName,
    T
  >;
}

/** The text fields of a market (or anything holding them), nothing else. */
export function textsOf(source: Partial<MarketTexts> | null | undefined): MarketTexts {
  return eachTextField((field) => source?.[field.name as MarketTextFieldName] ?? '');
}

/** The free texts the pages, the book and the calendars show. */
export function shownTextsOf(source: Record<ShownTextFieldName, string>): Record<ShownTextFieldName, string> {
  return Object.fromEntries(SHOWN_TEXT_FIELDS.map(({ name }) => [name, source[name]])) as Record<
    ShownTextFieldName,
    string
  >;
}

import { SHOWN_TEXT_FIELDS, type ShownTextFieldName } from '../market-fields.ts';
import type { Translate } from '../translate.ts';

/** A market's free texts as every public outlet shows them: the page, the book, the CSV and the calendars. */
export interface MarketFacts {
  /** The market's introduction, or empty. */
  lead: string;
  /** Where it is, line by line, in the order one writes an address. */
  place: string[];
  /** Facts of their own, each under its label in the outlet's language. */
  facts: { label: string; text: string }[];
}

/** What market-fields.ts declares public, sorted into where it goes; empty fields are left out. */
export function marketFacts(market: Record<ShownTextFieldName, string>, t: Translate): MarketFacts {
  const given = SHOWN_TEXT_FIELDS.filter((field) => market[field.name] !== '');
  const textsShown = (shown: string) =>
    given.filter((field) => field.shown === shown).map((field) => market[field.name]);
  return {
    lead: textsShown('lead').join('\n'),
    place: textsShown('place'),
    facts: given
      .filter((field) => field.shown === 'fact')
      .map((field) => ({ label: t(field.label), text: market[field.name] })),
  };
}

/** A fact as one line of running text ("Anreise und Barrierefreiheit: Bus 3 bis Hauptplatz"). */
export const factLine = ({ label, text }: { label: string; text: string }) => `${label}: ${text}`;

import { MESSAGES } from '../../lib/i18n.ts';
import { MARKET_TYPES, type MarketType } from '../../lib/market.ts';

/**
 * Issue 54: which of the portal's market types an imported row is. A spreadsheet names it in its
 * type column (the key or its label in any of the three languages); a calendar in its categories
 * or, most often, only in the event's title ("Adventmarkt am Hauptplatz"). A municipality's
 * calendar also holds concerts and meetings: an event that names no market is not one.
 */

/** Lower case without accents and hyphens: "Kirtag (fête de village)", "Marché" and column names compare as typed. */
export function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[-‐–]/g, '').trim();
}

const NAMES: ReadonlyMap<string, MarketType> = new Map(
  MARKET_TYPES.flatMap((type) => [
    [plain(type), type] as const,
    ...Object.values(MESSAGES).map((labels) => [plain(labels[`market.type.${type}`] ?? type), type] as const),
  ]),
);

/** Word stems in titles and categories, the first that matches wins: a "Weihnachts-Handwerksmarkt" is a Christmas market. */
const STEMS: readonly (readonly [MarketType, RegExp])[] = [
  ['weihnachtsmarkt', /weihnacht|advent|christkindl|krippe|christmas|noel/],
  ['kirtag', /kirtag|kirchtag|kirta\b|kirchweih|village fair|fete de village/],
  ['tiermarkt', /tiermarkt|viehmarkt|pferdemarkt|kleintier|animal|bestiaux/],
  ['bauernmarkt', /bauern|farmer|producteur|erzeuger/],
  ['handwerksmarkt', /handwerk|topfer|toepfer|craft|artisan/],
  ['jahrmarkt', /jahrmarkt|kramermarkt|kraemermarkt|annual fair|foire/],
  ['wochenmarkt', /wochenmarkt|monatsmarkt|grunmarkt|frischemarkt|weekly market|hebdomadaire/],
  ['messe', /messe\b|trade fair|salon\b|ausstellung/],
  ['gelegenheitsmarkt', /flohmarkt|trodel|gelegenheitsmarkt|flea|puces|markt|market|marche/],
];

/** The type a column names, by its key or a label in any language; null when it names none. */
export function namedType(name: string): MarketType | null {
  return NAMES.get(plain(name)) ?? null;
}

/** The type the words of an event tell (its categories first, then its title); null for no market. */
export function typeInWords(...texts: readonly string[]): MarketType | null {
  for (const text of texts) {
    const named = namedType(text);
    if (named) return named;
  }
  const words = plain(texts.join(' '));
  return STEMS.find(([, stem]) => stem.test(words))?.[0] ?? null;
}

/** The known type nearest to one the portal does not know, to offer the clerk ("Kirchtg" → kirtag). */
export function nearestType(name: string): MarketType {
  const given = plain(name);
  let best: { type: MarketType; distance: number } = { type: 'gelegenheitsmarkt', distance: Infinity };
  for (const [known, type] of NAMES) {
    const distance = editDistance(given, known);
    if (distance < best.distance) best = { type, distance };
  }
  return best.type;
}

/** Levenshtein's distance, on at most 60 characters of each (a type's name is shorter). */
function editDistance(a: string, b: string): number {
  const left = a.slice(0, 60);
  const right = b.slice(0, 60);
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

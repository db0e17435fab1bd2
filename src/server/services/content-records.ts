import { translator } from '../../lib/i18n.ts';
import { LANGUAGE_IDS, LOCALES, type Locale } from '../../lib/languages.ts';
import type { ContentMarket, MarketDateRecord, MarketRecord } from '../../lib/market.ts';
import { DeflatedPart } from '../compression/joined-gzip.ts';

export type ContentKind = 'dates' | 'markets';

/** The groups of an answer: one for dates; one per language id for markets, each holding every market. */
export const GROUP_KEYS: Record<ContentKind, readonly string[]> = {
  dates: [''],
  markets: LOCALES.map((locale) => String(LANGUAGE_IDS[locale])),
};

/** One record of an answer: its municipality and its JSON member (`"<id>":{…}`) in each group. */
export interface ContentRecord {
  id: string;
  gkz: string;
  members: readonly string[];
}

const member = (record: { id: string }) => `${JSON.stringify(record.id)}:${JSON.stringify(record)}`;

export function dateRecord(date: MarketDateRecord, gkz: string): ContentRecord {
  return { id: date.id, gkz, members: [member(date)] };
}

const LABELS = LOCALES.map((locale) => labelsIn(locale));

/** A market stands in every language group, with its labels in that group's language. */
export function marketRecord(market: MarketRecord): ContentRecord {
  return { id: market.id, gkz: market.gkz, members: LABELS.map((label) => member(label(market))) };
}

export function labelsIn(locale: Locale): (market: MarketRecord) => ContentMarket {
  const t = translator(locale);
  return (market) => ({
    ...market,
    type_label: t(`market.type.${market.type}`),
    status_label: t(`market.status.${market.status}`),
  });
}

/**
 * One municipality's records as parts of the answer, one per group: `,<member>,<member>…` by id,
 * so the municipalities' parts join in any order; a group's first part goes without its comma.
 */
export function municipalityParts(records: Iterable<ContentRecord>, groups: number): DeflatedPart[] {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return Array.from(
    { length: groups },
    (_, group) => new DeflatedPart(sorted.map((record) => `,${record.members[group]}`).join('')),
  );
}

/** The answer's municipalities in order (by gkz), each with its parts. */
export type Municipalities = ReadonlyArray<readonly [gkz: string, parts: readonly DeflatedPart[]]>;

const OPENING: Record<ContentKind, DeflatedPart> = {
  dates: new DeflatedPart('{"data":{"wko_market_dates":{'),
  markets: new DeflatedPart('{"data":{"wko_markets":{'),
};
const GROUP_OPENINGS = GROUP_KEYS.markets.map(
  (key, index) => new DeflatedPart(`${index === 0 ? '' : ','}${JSON.stringify(key)}:{`),
);
const GROUP_CLOSING = new DeflatedPart('}');
const CLOSING: Record<ContentKind, DeflatedPart> = { dates: new DeflatedPart('}}}'), markets: new DeflatedPart('}}}') };

/** The parts of a whole answer (`{"data": …}`) in order: its text is their texts joined. */
export function answerParts(kind: ContentKind, municipalities: Municipalities): DeflatedPart[] {
  const parts = [OPENING[kind]];
  GROUP_KEYS[kind].forEach((_, group) => {
    if (kind === 'markets') parts.push(GROUP_OPENINGS[group]!);
    let first = true;
    for (const [, own] of municipalities) {
      const part = own[group];
      if (!part || part.raw.length === 0) continue;
      parts.push(first ? part.withoutFirstByte() : part);
      first = false;
    }
    if (kind === 'markets') parts.push(GROUP_CLOSING);
  });
  parts.push(CLOSING[kind]);
  return parts;
}

/**
 * The records of one public answer, kept between versions: a change replaces or removes records,
 * and only the municipalities it touched have their parts made again.
 */
export class HeldRecords {
  private readonly records = new Map<string, ContentRecord>();
  private readonly idsOf = new Map<string, Set<string>>();
  private readonly partsOf = new Map<string, readonly DeflatedPart[]>();

  readonly kind: ContentKind;

  constructor(kind: ContentKind) {
    this.kind = kind;
  }

  get(id: string): ContentRecord | undefined {
    return this.records.get(id);
  }

  put(record: ContentRecord): void {
    this.remove(record.id);
    this.records.set(record.id, record);
    let ids = this.idsOf.get(record.gkz);
    if (!ids) this.idsOf.set(record.gkz, (ids = new Set()));
    ids.add(record.id);
    this.partsOf.delete(record.gkz);
  }

  remove(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    this.records.delete(id);
    const ids = this.idsOf.get(record.gkz);
    ids?.delete(id);
    if (ids?.size === 0) this.idsOf.delete(record.gkz);
    this.partsOf.delete(record.gkz);
  }

  /** Every municipality with records, in order, with its parts (made now for those changed). */
  municipalities(): Municipalities {
    const groups = GROUP_KEYS[this.kind].length;
    return [...this.idsOf.keys()].sort().map((gkz) => {
      let parts = this.partsOf.get(gkz);
      if (!parts) {
        const ids = this.idsOf.get(gkz)!;
        parts = municipalityParts(
          [...ids].map((id) => this.records.get(id)!),
          groups,
        );
        this.partsOf.set(gkz, parts);
      }
      return [gkz, parts] as const;
    });
  }
}

import { LANGUAGE_IDS, LOCALES } from '../../lib/languages.ts';
import type { MarketDateRecord, MarketRecord } from '../../lib/market.ts';
import { DeflatedPart } from '../compression/joined-gzip.ts';
import { labelsIn } from './content-labels.ts';

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

/**
 * A part of an answer: the records of one political district (the first three digits of the gkz),
 * about 60 markets or 600 dates at Austria scale. Large enough that deflating each on its own
 * loses little against one stream (per municipality the markets' gzip was 4 times the size),
 * small enough that a save deflates a few hundred KB.
 */
export const districtOf = (gkz: string): string => gkz.slice(0, 3);

/** One district's records by id, and its text per group: `,<member>,<member>…`, so districts join in any order. */
export interface DistrictPart {
  records: readonly ContentRecord[];
  parts: readonly DeflatedPart[];
}

export function districtPart(records: Iterable<ContentRecord>, groups: number): DistrictPart {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const parts = Array.from({ length: groups }, (_, group) => new DeflatedPart(() => membersText(sorted, group)));
  return { records: sorted, parts };
}

/** Where a district's text is written before it is copied out at its size: it grows to three times the largest's, and stays. */
let scratch = Buffer.allocUnsafeSlow(0);
const COMMA = 0x2c;

/**
 * A district's text in a group, `,<member>,<member>…` as UTF-8, written member by member. Joining
 * the members into one string and encoding that took five times as long (2.2 against 0.4 ms for
 * 600 dates) and put a string of hundreds of KB
 * in the old generation each time, for the garbage collector (issue 18).
 */
export function membersText(records: readonly ContentRecord[], group: number): Buffer {
  let units = 0;
  for (const record of records) units += 1 + record.members[group]!.length;
  // UTF-8 takes at most three bytes per UTF-16 unit (a pair, two units, takes four).
  if (scratch.length < 3 * units) scratch = Buffer.allocUnsafeSlow(3 * units);
  let at = 0;
  for (const record of records) {
    scratch[at++] = COMMA;
    at += scratch.write(record.members[group]!, at);
  }
  return Buffer.from(scratch.subarray(0, at));
}

/** The answer's districts in order, each with its records and parts. */
export type Districts = ReadonlyArray<readonly [district: string, part: DistrictPart]>;

const OPENING: Record<ContentKind, DeflatedPart> = {
  dates: new DeflatedPart('{"data":{"wko_market_dates":{'),
  markets: new DeflatedPart('{"data":{"wko_markets":{'),
};
const GROUP_OPENINGS = GROUP_KEYS.markets.map(
  (key, index) => new DeflatedPart(`${index === 0 ? '' : ','}${JSON.stringify(key)}:{`),
);
const GROUP_CLOSING = new DeflatedPart('}');
const CLOSING: Record<ContentKind, DeflatedPart> = { dates: new DeflatedPart('}}}'), markets: new DeflatedPart('}}}') };

/** The parts of a whole answer (`{"data": …}`) in order: its text is their texts joined; a group's first goes without its comma. */
export function answerParts(kind: ContentKind, districts: Districts): DeflatedPart[] {
  const parts = [OPENING[kind]];
  GROUP_KEYS[kind].forEach((_, group) => {
    if (kind === 'markets') parts.push(GROUP_OPENINGS[group]!);
    let first = true;
    for (const [, { records, parts: own }] of districts) {
      const part = own[group];
      if (!part || records.length === 0) continue; // its text is not made here: most answers are never sent whole
      parts.push(first ? part.withoutFirstByte() : part);
      first = false;
    }
    if (kind === 'markets') parts.push(GROUP_CLOSING);
  });
  parts.push(CLOSING[kind]);
  return parts;
}

/** A whole answer's JSON, `{"data": …}`, from its districts. */
export function answerText(kind: ContentKind, districts: Districts): Buffer {
  return Buffer.concat(answerParts(kind, districts).map((part) => part.raw));
}

/**
 * The districts with one municipality's records replaced by `own` (its hidden ones too), in the
 * public answer's order: only its district is made again, the others are the public answer's own.
 */
export function withOwnRecords(
  kind: ContentKind,
  districts: Districts,
  gkz: string,
  own: readonly ContentRecord[],
): Districts {
  const district = districtOf(gkz);
  const published = districts.find(([other]) => other === district)?.[1].records ?? [];
  const part = districtPart([...published.filter((record) => record.gkz !== gkz), ...own], GROUP_KEYS[kind].length);
  return [...districts.filter(([other]) => other !== district), [district, part] as const].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
}

/**
 * The records of one public answer, kept between versions: a change replaces or removes records,
 * and only the districts it touched have their parts made again.
 */
export class HeldRecords {
  readonly kind: ContentKind;
  private readonly records = new Map<string, ContentRecord>();
  private readonly idsOf = new Map<string, Set<string>>();
  private readonly partOf = new Map<string, DistrictPart>();

  constructor(kind: ContentKind) {
    this.kind = kind;
  }

  put(record: ContentRecord): void {
    this.remove(record.id);
    this.records.set(record.id, record);
    const district = districtOf(record.gkz);
    let ids = this.idsOf.get(district);
    if (!ids) this.idsOf.set(district, (ids = new Set()));
    ids.add(record.id);
    this.partOf.delete(district);
  }

  remove(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    this.records.delete(id);
    const district = districtOf(record.gkz);
    const ids = this.idsOf.get(district);
    ids?.delete(id);
    if (ids?.size === 0) this.idsOf.delete(district);
    this.partOf.delete(district);
  }

  /** Every district with records, in order, with its part (made now for those changed). */
  districts(): Districts {
    const groups = GROUP_KEYS[this.kind].length;
    return [...this.idsOf.keys()].sort().map((district) => {
      let part = this.partOf.get(district);
      if (!part) {
        part = districtPart(
          [...this.idsOf.get(district)!].map((id) => this.records.get(id)!),
          groups,
        );
        this.partOf.set(district, part);
      }
      return [district, part] as const;
    });
  }
}

import { isYearlySpan } from '../../lib/seasons.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEAST_RELATIONS,
  MARKET_STATUSES,
  MARKET_TYPES,
  NTHS,
  WEEKDAYS,
  type ContentMarket,
  type RecurrenceRule,
} from '../../lib/market.ts';
import { FEAST_DAYS } from '../../lib/yearly-rules.ts';
import { marketInputSchema } from '../../lib/market-input.ts';
import { check } from '../../lib/validation.ts';
import { draftOf, fieldsOf, isChanged, rebase } from './market-draft.ts';

const stored = { ...draftOf(null), id: 'm-1', version: 3, title: 'Handwerksmarkt', type: 'handwerksmarkt' as const };

describe('market drafts', () => {
  it('sends nested values as JSON text and leaves out a first date of a stored market', () => {
    const fields = fieldsOf({ ...stored, schedule: 'regular', weekdays: ['SA'], first_start: '2027-05-01' });
    expect(JSON.parse(fields['rule']!)).toMatchObject({ freq: 'weekly', weekdays: ['SA'], nth: null });
    expect(fields).toMatchObject({ id: 'm-1', version: '3', first_date: '', image: '' });
  });

  it('keeps the clerk’s changed fields over a newer version, and takes the others from it', () => {
    const draft = { ...stored, floor: 'Erdgeschoss' };
    const newer = { ...stored, version: 4, location: 'Schlosspark Hartberg' };
    const rebased = rebase(draft, stored, newer);
    expect(rebased).toMatchObject({ version: 4, floor: 'Erdgeschoss', location: 'Schlosspark Hartberg' });
    expect(isChanged(rebased, newer)).toBe(true);
    expect(isChanged(rebase(stored, stored, newer), newer)).toBe(false);
  });
});

/** Text as the server stores it: trimmed, without the characters it refuses. */
const line = (min: number) =>
  fc
    .stringMatching(/^[A-Za-zÄÖÜäöüß0-9„“&.,'()-]([A-Za-zÄÖÜäöüß0-9 „“&.,'()-]{0,30}[A-Za-z0-9.])?$/)
    .filter((text) => text.length >= min);
const optional = <T>(arbitrary: fc.Arbitrary<T>, none: T) => fc.oneof(fc.constant(none), arbitrary);
const day = fc.integer({ min: 0, max: 700 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
const time = fc
  .integer({ min: 0, max: 23 * 60 + 58 })
  .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

const weeklyOrMonthly = fc
  .record({
    freq: fc.constantFrom('weekly' as const, 'monthly' as const),
    interval: fc.integer({ min: 1, max: 12 }),
    weekdays: fc.subarray([...WEEKDAYS], { minLength: 1 }),
    nth: fc.constantFrom(...NTHS),
    times: fc.tuple(time, time).filter(([a, b]) => a !== b),
    dtstart: day,
    skip_holidays: fc.boolean(),
    skip_state_holidays: fc.boolean(),
  })
  .map(({ times, nth, ...rule }) => ({
    ...rule,
    nth: rule.freq === 'monthly' ? nth : null,
    time_from: times[0] < times[1] ? times[0] : times[1],
    time_to: times[0] < times[1] ? times[1] : times[0],
  }));

/** Yearly rules (issue 53) as the server stores them: the fields of their kind only. */
const yearly = fc
  .tuple(
    weeklyOrMonthly,
    fc.oneof(
      fc.record({
        weekdays: fc.constant<RecurrenceRule['weekdays']>([]),
        nth: fc.constant(null),
        easter_offset: fc.integer({ min: -70, max: 130 }),
      }),
      fc.record({
        weekdays: fc.constantFrom(...WEEKDAYS).map((day) => [day]),
        nth: fc.constant(null),
        feast: fc.constantFrom(...FEAST_DAYS, '05-03'),
        relation: fc.constantFrom(...FEAST_RELATIONS),
      }),
      fc.record({
        weekdays: fc.constantFrom(...WEEKDAYS).map((day) => [day]),
        nth: fc.constantFrom(...NTHS),
        month: fc.integer({ min: 1, max: 12 }),
      }),
    ),
    fc.integer({ min: -14, max: 14 }),
    fc.integer({ min: 1, max: 14 }),
  )
  .map(([rule, kind, offset, days]) => ({ ...rule, ...kind, freq: 'yearly' as const, offset, days }));
const rules: fc.Arbitrary<RecurrenceRule> = fc.oneof(weeklyOrMonthly, yearly);

/** Stored markets as the content service answers them, with every field the form edits. */
const markets: fc.Arbitrary<ContentMarket> = fc
  .record({
    title: line(1),
    description: optional(line(1), ''),
    type: fc.constantFrom(...MARKET_TYPES),
    rule: optional(rules, null),
    location: optional(line(1), ''),
    event_location: optional(line(1), ''),
    floor: optional(line(1), ''),
    floorplan: optional(line(1), ''),
    access_info: optional(line(1), ''),
    status: fc.constantFrom(...MARKET_STATUSES),
    season: optional<[string | null, string | null]>(
      fc.tuple(day, day).map(([a, b]) => (a < b ? [a, b] : [b, a])),
      [null, null],
    ),
    repeats: fc.boolean(),
    website: fc.constantFrom('', 'https://www.hartberg.at/maerkte'),
    phone: fc.constantFrom('', '+43/3332/1231234', '+43/3332/1234123/12'),
    email: fc.constantFrom('', 'marktamt@hartberg.at'),
    image: optional(
      fc.record({
        url: fc.constantFrom('https://www.hartberg.at/markt.jpg'),
        alt: line(1),
        description: optional(line(1), ''),
        focal_x: fc.integer({ min: 0, max: 100 }),
        focal_y: fc.integer({ min: 0, max: 100 }),
      }),
      null,
    ),
    hidden: fc.boolean(),
  })
  .map(({ season, repeats, ...market }) => ({
    ...market,
    id: 'm-1',
    gkz: '62219',
    schedule: market.rule ? ('regular' as const) : ('dates' as const),
    rrule: null,
    date_start: season[0] ?? null,
    date_end: season[1] ?? null,
    // Issue 53: only a season of both days and less than a year can repeat.
    season_repeats: repeats && season[0] !== null && season[1] !== null && isYearlySpan(season[0], season[1]),
    version: 3,
    updated_at: '2026-11-23T10:00:00.000Z',
    type_label: '',
    status_label: '',
  }));

describe('the market form, for every stored market', () => {
  it('sends back every field as it was when the clerk changes nothing (record → draft → record)', () => {
    fc.assert(
      fc.property(markets, (market) => {
        const sent = check(marketInputSchema, fieldsOf(draftOf(market)));
        expect(sent.ok).toBe(true);
        if (!sent.ok) return;
        const { first_date: firstDate, ...fields } = sent.data;
        expect(firstDate).toBeNull();
        // The anchor is the server's to keep (recurrence.ts, anchorOf); everything else the form must carry.
        const rule = market.rule && { ...market.rule, dtstart: undefined };
        for (const [field, value] of Object.entries(fields)) {
          const expected = field === 'rule' ? rule : market[field as keyof ContentMarket];
          expect([field, value]).toEqual([field, expected]);
        }
        expect(Object.keys(fields).sort()).toEqual(
          Object.keys(market)
            .filter((field) => !['gkz', 'rrule', 'updated_at', 'type_label', 'status_label'].includes(field))
            .sort(),
        );
      }),
      { seed: 14, numRuns: 300 },
    );
  });
});

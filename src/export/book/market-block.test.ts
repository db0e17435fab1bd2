import { describe, expect, it } from 'vitest';
import type { DirectoryDate, DirectoryMarket } from '../../lib/directory/directory.ts';
import { dayFormatter } from '../../lib/directory/format.ts';
import { translator } from '../../lib/i18n.ts';
import { SHOWN_TEXT_FIELDS } from '../../lib/market-fields.ts';
import { occurrences } from '../../lib/recurrence.ts';
import { marketBlock } from './market-block.ts';

const rule = {
  freq: 'weekly' as const,
  interval: 1,
  weekdays: ['SA' as const],
  nth: null,
  time_from: '07:00',
  time_to: '12:00',
  dtstart: '2026-03-01',
};

function date(day: string, fields: Partial<DirectoryDate> = {}): DirectoryDate {
  return {
    ...{ id: day, date_start: day, date_end: day, time_from: '07:00', time_to: '12:00' },
    ...{ status: 'takes_place', type: 'regular', note: '', replaces_date: null },
    ...fields,
  };
}

function market(fields: Partial<DirectoryMarket>): DirectoryMarket {
  return {
    ...(Object.fromEntries(SHOWN_TEXT_FIELDS.map(({ name }) => [name, ''])) as Record<string, string>),
    ...{ id: 'm1', title: 'Bauernmarkt', type: 'bauernmarkt', rule: null, date_start: null, date_end: null },
    ...{ website: '', phone: '', email: '', image: null, changed_at: '', path: '/m', dates: [] },
    ...fields,
  } as DirectoryMarket;
}

const context = {
  t: translator('de'),
  formatDay: dayFormatter('de', { weekday: undefined, day: '2-digit', month: '2-digit', year: 'numeric' }),
  year: 2026,
  place: 'Hartberg',
  stateNumber: 6,
};

/** The block's paragraphs as the reader sees them, the list items run in after their label. */
const textsOf = (m: DirectoryMarket) =>
  marketBlock(m, context).map((part) => [...part.runs.map((run) => run.text), ...(part.items ?? [])].join(' '));

describe('marketBlock', () => {
  it('gives a weekly market its rule in words and only the exceptions of the year (issue 21)', () => {
    const dates = occurrences(rule, '2026-03-07', '2026-10-31').map((day) => {
      if (day === '2026-05-02') return date(day, { type: 'cancelled', status: 'cancelled', note: 'Stadtfest.' });
      if (day === '2026-06-06') return date('2026-06-05', { type: 'changed', replaces_date: day });
      return date(day);
    });
    dates.push(date('2026-12-19', { type: 'additional', time_from: '14:00', time_to: '18:00' }));
    const texts = textsOf(market({ rule, dates }));
    expect(texts).toContain('Jeden Samstag, 07:00–12:00 Uhr, von 07.03.2026 bis 31.10.2026');
    expect(texts).toContain(
      'Ausnahmen 2026: 02.05.2026 (abgesagt) – Stadtfest; 05.06.2026 statt 06.06.2026; 19.12.2026 14:00–18:00 (zusätzlich)',
    );
    expect(texts.join('\n')).not.toContain('07.03.2026,');
  });

  it('lists every date of a market without a rule, with what is not taking place', () => {
    const dates = [date('2026-08-15'), date('2026-09-12', { status: 'cancelled' })];
    expect(textsOf(market({ type: 'kirtag', dates }))).toContain(
      'Termine 2026 (07:00–12:00): 15.08.2026, 12.09.2026 (abgesagt)',
    );
  });
});

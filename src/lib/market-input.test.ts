import { describe, expect, it } from 'vitest';
import { marketDateInputSchema, marketInputSchema } from './market-input.ts';
import { check } from './validation.ts';

describe('market input from form data', () => {
  it('reads nested values as JSON text and flags as 0/1', () => {
    const result = check(marketInputSchema, {
      title: ' Bauernmarkt ',
      type: 'wochenmarkt',
      schedule: 'regular',
      rule: '{"freq":"weekly","weekdays":["SA"],"time_from":"08:00","time_to":"12:00"}',
      hidden: '1',
      version: '4',
      id: 'm-1',
      date_start: '',
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        title: 'Bauernmarkt',
        hidden: true,
        version: 4,
        date_start: null,
        rule: { freq: 'weekly', interval: 1, nth: null, weekdays: ['SA'] },
      },
    });
  });

  it('drops the rule of a market with single dates', () => {
    const rule = { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00' };
    expect(check(marketInputSchema, { title: 'Kirtag', type: 'kirtag', schedule: 'dates', rule })).toMatchObject({
      ok: true,
      data: { rule: null },
    });
  });

  it('refuses broken JSON text instead of guessing', () => {
    expect(
      check(marketInputSchema, { title: 'Kirtag', type: 'kirtag', schedule: 'dates', image: '{"url":' }),
    ).toMatchObject({ ok: false, fields: { image: 'invalid_request' } });
  });

  it('refuses line breaks in a title but keeps them in a description', () => {
    const base = { type: 'kirtag', schedule: 'dates' };
    expect(check(marketInputSchema, { ...base, title: 'Kirtag\nam Platz' })).toMatchObject({
      ok: false,
      fields: { title: 'invalid_characters' },
    });
    expect(
      check(marketInputSchema, { ...base, title: 'Kirtag', description: 'Erste Zeile\nZweite Zeile' }),
    ).toMatchObject({ ok: true });
  });
});

describe('market date input', () => {
  it('makes a date that does not take place a cancelled one', () => {
    const date = { wko_market_id: 'm-1', date_start: '2027-05-01', date_end: '2027-05-01' };
    expect(check(marketDateInputSchema, { ...date, status: 'cancelled' })).toMatchObject({
      ok: true,
      data: { status: 'cancelled', type: 'cancelled' },
    });
    expect(check(marketDateInputSchema, { ...date, type: 'cancelled' })).toMatchObject({
      ok: true,
      data: { status: 'cancelled', type: 'cancelled' },
    });
  });
});

describe('a rule as a clerk gives it (issue 14)', () => {
  const market = { title: 'Bauernmarkt', type: 'wochenmarkt', schedule: 'regular' };
  const saturdays = { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00' };
  const refusal = (rule: Record<string, unknown>) => check(marketInputSchema, { ...market, rule });

  it.each([
    ['no weekday', { weekdays: [] }, 'rule.weekdays', 'no_weekday'],
    [
      'a closing time before the opening time',
      { time_from: '07:30', time_to: '07:00' },
      'rule.time_to',
      'end_time_before_start',
    ],
    ['the same opening and closing time', { time_to: '08:00' }, 'rule.time_to', 'end_time_before_start'],
    ['a time that is none', { time_from: '8 Uhr' }, 'rule.time_from', 'invalid_time'],
    ['a monthly rule without its week', { freq: 'monthly', nth: null }, 'rule.nth', 'invalid_nth'],
    ['a week of the month that does not exist', { freq: 'monthly', nth: 5 }, 'rule.nth', 'invalid_nth'],
    ['an interval of 13', { interval: 13 }, 'rule.interval', 'invalid_interval'],
    ['an interval of 0', { interval: 0 }, 'rule.interval', 'invalid_interval'],
  ])('refuses %s with its own code', (_case, change, field, code) => {
    expect(refusal({ ...saturdays, ...change })).toMatchObject({ ok: false, code, fields: { [field]: code } });
  });

  it('keeps each weekday once in the week’s order, and no week of the month for weekly rules', () => {
    expect(refusal({ ...saturdays, weekdays: ['SA', 'TU', 'SA'], nth: 2 })).toMatchObject({
      ok: true,
      data: { rule: { weekdays: ['TU', 'SA'], nth: null, skip_holidays: false, skip_state_holidays: false } },
    });
  });
});

describe('missing required fields (api.md: required_fields, never a parse error)', () => {
  it('names a missing title, type, schedule or date day as required', () => {
    expect(check(marketInputSchema, { type: 'kirtag', schedule: 'dates' })).toMatchObject({
      ok: false,
      code: 'required_fields',
      fields: { title: 'required_fields' },
    });
    expect(check(marketInputSchema, { title: 'Kirtag' })).toMatchObject({
      ok: false,
      fields: { type: 'required_fields', schedule: 'required_fields' },
    });
    expect(check(marketDateInputSchema, { wko_market_id: 'm-1', date_end: '2027-05-01' })).toMatchObject({
      ok: false,
      code: 'required_fields',
      fields: { date_start: 'required_fields' },
    });
  });

  it('shows a first date’s end before its start under the end', () => {
    const first_date = { date_start: '2027-05-02', date_end: '2027-05-01' };
    expect(check(marketInputSchema, { title: 'Kirtag', type: 'kirtag', schedule: 'dates', first_date })).toMatchObject({
      ok: false,
      fields: { 'first_date.date_end': 'end_before_start' },
    });
  });

  it('words a date’s times as times', () => {
    const date = { wko_market_id: 'm-1', date_start: '2027-05-01', date_end: '2027-05-01' };
    expect(check(marketDateInputSchema, { ...date, time_from: '12:00', time_to: '08:00' })).toMatchObject({
      ok: false,
      fields: { time_to: 'end_time_before_start' },
    });
  });
});

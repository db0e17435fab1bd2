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

import { describe, expect, it } from 'vitest';
import {
  firstRefusedControl,
  formCycle,
  type FormEvent,
  FRESH_FORM,
  refusalsWhereTyped,
  shownRefusal,
} from './form-cycle.ts';

const run = (...events: FormEvent[]) => events.reduce(formCycle, FRESH_FORM);
const refused = { title: 'required_fields', 'rule.weekdays': 'no_weekday' } as const;

describe('a form’s submit cycle', () => {
  it('shows a refusal once its field was left, and every refusal once the form was sent', () => {
    expect(shownRefusal(FRESH_FORM, refused, 'title')).toBeUndefined();
    const left = run({ type: 'leave', field: 'title' });
    expect(shownRefusal(left, refused, 'title')).toBe('required_fields');
    expect(shownRefusal(left, refused, 'rule.weekdays')).toBeUndefined();
    const tried = run({ type: 'try' });
    expect(shownRefusal(tried, refused, 'rule.weekdays')).toBe('no_weekday');
    expect(shownRefusal(tried, refused, 'phone')).toBeUndefined();
  });

  it('is busy while sending, keeps the failure of the last attempt and clears it when told', () => {
    const failure = { code: 'conflict', message: 'Someone else changed it.' } as const;
    const sending = run({ type: 'try' }, { type: 'send' });
    expect(sending).toMatchObject({ busy: true, failure: null });
    const failed = formCycle(formCycle(sending, { type: 'fail', failure }), { type: 'settle' });
    expect(failed).toMatchObject({ busy: false, failure });
    // A new attempt starts without the old message, so the same refusal is announced again.
    expect(formCycle(failed, { type: 'send' }).failure).toBeNull();
    expect(formCycle(failed, { type: 'clear' }).failure).toBeNull();
  });

  it('gives the same state back when an event changes nothing, so nothing renders again', () => {
    const left = run({ type: 'leave', field: 'title' }, { type: 'try' });
    expect(formCycle(left, { type: 'leave', field: 'title' })).toBe(left);
    expect(formCycle(left, { type: 'try' })).toBe(left);
    expect(formCycle(left, { type: 'clear' })).toBe(left);
  });

  it('focuses the first refused field in the checks’ order, at its control', () => {
    expect(firstRefusedControl(refused)).toBe('title');
    const control = (field: string) => (field === 'rule.weekdays' ? 'day-MO' : null);
    expect(firstRefusedControl({ 'rule.weekdays': 'no_weekday', title: 'too_long' }, control)).toBe('day-MO');
    expect(firstRefusedControl({ 'rule.unknown': 'invalid_request' }, control)).toBeNull();
    expect(firstRefusedControl({})).toBeNull();
  });
});

describe('refusalsWhereTyped (issue 53)', () => {
  const span: [string, string] = ['date_start', 'date_end'];
  it('calls an empty first day missing where one is needed, and drops its twin at the last day', () => {
    const refused = { date_start: 'invalid_date', date_end: 'invalid_date', note: 'too_long' } as const;
    expect(refusalsWhereTyped(refused, span, { start: '', end: '', startNeeded: true })).toEqual({
      date_start: 'required_fields',
      note: 'too_long',
    });
    expect(refusalsWhereTyped(refused, span, { start: '', end: '', startNeeded: false })).toEqual({ note: 'too_long' });
  });
  it('puts the refusal of an empty last day at the first day, where the clerk typed', () => {
    const outOfRange = { date_end: 'date_out_of_range' } as const;
    expect(refusalsWhereTyped(outOfRange, span, { start: '2029-06-01', end: '', startNeeded: true })).toEqual({
      date_start: 'date_out_of_range',
    });
    expect(refusalsWhereTyped(outOfRange, span, { start: '2029-06-01', end: '2029-06-02', startNeeded: true })).toEqual(
      outOfRange,
    );
  });
});

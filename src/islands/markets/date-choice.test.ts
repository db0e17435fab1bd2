import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKET_DATE_STATUSES, MARKET_DATE_TYPES } from '../../lib/market.ts';
import { choiceOf, DATE_CHOICES, fieldsOfChoice } from './date-choice.ts';

const choice = fc.constantFrom(...DATE_CHOICES);
const type = fc.constantFrom(...MARKET_DATE_TYPES);

describe('a date’s one choice', () => {
  it('never sends "takes place" together with "date cancelled"', () => {
    fc.assert(
      fc.property(choice, type, (chosen, kind) => {
        const fields = fieldsOfChoice(chosen, kind);
        expect(fields.status === 'cancelled').toBe(fields.type === 'cancelled');
      }),
    );
  });

  it('reads back as the choice made', () => {
    fc.assert(
      fc.property(choice, type, (chosen, kind) => {
        expect(choiceOf(fieldsOfChoice(chosen, kind))).toBe(chosen);
      }),
    );
  });

  it('keeps the kind of a date that still takes place', () => {
    expect(fieldsOfChoice('pending', 'changed')).toEqual({ status: 'pending', type: 'changed' });
    expect(fieldsOfChoice('takes_place', 'cancelled')).toEqual({ status: 'takes_place', type: 'regular' });
  });

  it('reads a stored conflicting pair as cancelled, as the server saves it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKET_DATE_STATUSES), (status) => {
        expect(choiceOf({ status, type: 'cancelled' })).toBe('cancelled');
      }),
    );
  });
});

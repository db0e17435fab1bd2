import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaignLook } from './campaign-look.ts';
import { municipalityState, needsReminder, type ProgressFacts } from './campaign.ts';

const facts: fc.Arbitrary<ProgressFacts> = fc
  .record({ markets: fc.nat(20), changed: fc.nat(3), allConfirmed: fc.boolean(), hasAccount: fc.boolean() })
  .chain((f) => fc.nat(f.markets).map((confirmed) => ({ ...f, confirmed })));

describe('a municipality’s state in the campaign (issue 22)', () => {
  it('is confirmed exactly when every market is confirmed, none changed since, and there was a confirmation', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const confirmed = f.changed === 0 && f.confirmed === f.markets && (f.markets > 0 || f.allConfirmed);
        expect(municipalityState(f) === 'confirmed').toBe(confirmed);
      }),
    );
  });

  it('says "changed since" for any undone confirmation, whatever else holds', () => {
    fc.assert(
      fc.property(facts, (f) => {
        expect(municipalityState({ ...f, changed: f.changed + 1 })).toBe('changed');
      }),
    );
  });

  it('calls a municipality without account "no account" only while it is not done', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const state = municipalityState({ ...f, hasAccount: false });
        expect(state === 'no_account').toBe(state !== 'confirmed' && state !== 'changed');
        expect(needsReminder(state)).toBe(state === 'changed');
      }),
    );
  });

  it('examples', () => {
    const base = { markets: 2, confirmed: 0, changed: 0, allConfirmed: false, hasAccount: true };
    expect(municipalityState(base)).toBe('not_yet');
    expect(municipalityState({ ...base, confirmed: 2 })).toBe('confirmed');
    expect(municipalityState({ ...base, markets: 0, allConfirmed: true })).toBe('confirmed');
    // A market added after "all confirmed" is a change since.
    expect(municipalityState({ ...base, markets: 3, confirmed: 2, allConfirmed: true })).toBe('changed');
  });
});

describe('what a market needs before "confirm all" (issue 53)', () => {
  const day = (date_start: string, date_end = date_start, hidden = false) => ({ date_start, date_end, hidden });
  const shown = { hidden: false, schedule: 'dates' };
  it('needs nothing when it is shown with a shown date in the year, also one running into it', () => {
    expect(campaignLook({ market: shown, dates: [day('2027-06-05')] }, 2027)).toBeNull();
    expect(campaignLook({ market: shown, dates: [day('2026-12-27', '2027-01-06')] }, 2027)).toBeNull();
  });
  it('names a hidden market, one without dates, and a rule that gave none', () => {
    expect(campaignLook({ market: { ...shown, hidden: true }, dates: [day('2027-06-05')] }, 2027)).toBe('hidden');
    expect(
      campaignLook({ market: shown, dates: [day('2026-06-05'), day('2027-06-05', '2027-06-05', true)] }, 2027),
    ).toBe('noDates');
    expect(campaignLook({ market: { ...shown, schedule: 'regular' }, dates: [] }, 2027)).toBe('ruleWithoutDates');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { waitWords } from './durations.ts';

describe('waitWords', () => {
  it('says a wait in the user’s language, in minutes rounded up', () => {
    expect(waitWords(90, 'de')).toBe('2 Minuten');
    expect(waitWords(60, 'de')).toBe('1 Minute');
    expect(waitWords(900, 'en')).toBe('15 minutes');
    expect(waitWords(3600, 'fr')).toBe('60 minutes');
    expect(waitWords(45, 'de')).toBe('45 Sekunden');
    expect(waitWords(1, 'en')).toBe('1 second');
  });

  it('says a wait of more than two hours in hours rounded up (issue 49: a day-long ceiling)', () => {
    expect(waitWords(7200, 'de')).toBe('120 Minuten');
    expect(waitWords(7201, 'de')).toBe('3 Stunden');
    expect(waitWords(23 * 3600 + 1, 'en')).toBe('24 hours');
    expect(waitWords(86_400, 'fr')).toBe('24\u00a0heures'); // French sets a no-break space here
  });

  it('never says less than the wait, for every wait up to a day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), (seconds) => {
        const [amount, unit] = waitWords(seconds, 'en').split(' ');
        const size = unit!.startsWith('hour') ? 3600 : unit!.startsWith('minute') ? 60 : 1;
        const said = Number(amount!.replaceAll(',', '')) * size;
        expect(said).toBeGreaterThanOrEqual(seconds);
        expect(said - seconds).toBeLessThan(size);
      }),
    );
  });
});

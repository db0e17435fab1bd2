import { describe, expect, it } from 'vitest';
import { appStateOf } from '../lib/app-state.ts';
import { selectedYear } from './app-state.ts';

describe('the selected year (issue 53)', () => {
  const state = (stored: number | null) => ({ ...appStateOf({}), selectedYear: stored });
  it('opens on this year until November and on the next in December (Vienna time)', () => {
    expect(selectedYear(state(null), new Date('2026-11-30T22:59:00Z'))).toBe(2026);
    expect(selectedYear(state(null), new Date('2026-11-30T23:00:00Z'))).toBe(2027);
    expect(selectedYear(state(null), new Date('2027-01-01T12:00:00Z'))).toBe(2027);
  });
  it('keeps a year the clerk chose while it is this or next, not one left from last year', () => {
    expect(selectedYear(state(2026), new Date('2026-12-04T10:00:00Z'))).toBe(2026);
    expect(selectedYear(state(2026), new Date('2027-03-01T10:00:00Z'))).toBe(2027);
    expect(selectedYear(state(2029), new Date('2027-03-01T10:00:00Z'))).toBe(2027);
  });
});

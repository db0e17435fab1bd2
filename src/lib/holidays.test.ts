import { describe, expect, it } from 'vitest';
import { publicHolidays } from './holidays.ts';

// Expected dates checked against date-holidays 3.37 (AT data) for 1970–2200 and all nine states.
const NATIONAL_2027 = [
  ['2027-01-01', 'Neujahr'],
  ['2027-01-06', 'Heilige Drei Könige'],
  ['2027-03-29', 'Ostermontag'],
  ['2027-05-01', 'Staatsfeiertag'],
  ['2027-05-06', 'Christi Himmelfahrt'],
  ['2027-05-17', 'Pfingstmontag'],
  ['2027-05-27', 'Fronleichnam'],
  ['2027-08-15', 'Mariä Himmelfahrt'],
  ['2027-10-26', 'Nationalfeiertag'],
  ['2027-11-01', 'Allerheiligen'],
  ['2027-12-08', 'Mariä Empfängnis'],
  ['2027-12-25', 'Christtag'],
  ['2027-12-26', 'Stefanitag'],
];

const STATE_2027: Record<number, string[][]> = {
  1: [['2027-11-11', 'Martinstag']],
  2: [
    ['2027-03-19', 'Josefstag'],
    ['2027-10-10', 'Tag der Volksabstimmung'],
  ],
  3: [['2027-11-15', 'Leopolditag']],
  4: [['2027-05-04', 'Florianitag']],
  5: [['2027-09-24', 'Rupertitag']],
  6: [['2027-03-19', 'Josefstag']],
  7: [['2027-03-19', 'Josefstag']],
  8: [['2027-03-19', 'Josefstag']],
  9: [['2027-11-15', 'Leopolditag']],
};

const germanDays = (year: number, state: number) => publicHolidays(year, state).map((h) => [h.date, h.name.de]);

describe('publicHolidays', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('gives the national and the state holidays of 2027 for state %i', (state) => {
    const expected = [...NATIONAL_2027, ...(STATE_2027[state] ?? [])].sort(([a], [b]) =>
      String(a).localeCompare(String(b)),
    );
    expect(germanDays(2027, state)).toEqual(expected);
  });

  it('gives only the national holidays for a number that is no state', () => {
    expect(germanDays(2027, 0)).toEqual(NATIONAL_2027);
  });

  it.each([
    // year, Ostermontag, Christi Himmelfahrt, Pfingstmontag, Fronleichnam
    [2026, '2026-04-06', '2026-05-14', '2026-05-25', '2026-06-04'],
    [2028, '2028-04-17', '2028-05-25', '2028-06-05', '2028-06-15'],
    [2038, '2038-04-26', '2038-06-03', '2038-06-14', '2038-06-24'], // latest Easter: 25 April
    [2285, '2285-03-23', '2285-04-30', '2285-05-11', '2285-05-21'], // earliest Easter: 22 March
  ])('follows Easter in %i', (year, ...dates) => {
    const names = ['Ostermontag', 'Christi Himmelfahrt', 'Pfingstmontag', 'Fronleichnam'];
    const found = names.map((name) => publicHolidays(year, 9).find((h) => h.name.de === name)?.date);
    expect(found).toEqual(dates);
  });

  it('keeps two holidays on one day as two entries', () => {
    const mayDay = publicHolidays(2008, 9).filter((h) => h.date === '2008-05-01');
    expect(mayDay.map((h) => h.name.de)).toEqual(['Staatsfeiertag', 'Christi Himmelfahrt']);
  });

  it('names every holiday in English and French', () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((state) => publicHolidays(2027, state));
    for (const { name } of all) {
      expect(name.en.trim()).not.toBe('');
      expect(name.fr.trim()).not.toBe('');
    }
    expect(publicHolidays(2027, 9).find((holiday) => holiday.date === '2027-12-26')?.name).toEqual({
      de: 'Stefanitag',
      en: "St Stephen's Day",
      fr: 'Saint-Étienne',
    });
  });
});

describe('kinds of holiday', () => {
  it('are statutory for the 13 of the Arbeitsruhegesetz and state for the patron days, working days', () => {
    const kinds = (state: number) =>
      publicHolidays(2027, state).map((holiday) => `${holiday.name.de}: ${holiday.kind}`);
    expect(kinds(6).filter((line) => line.endsWith('state'))).toEqual(['Josefstag: state']);
    expect(kinds(2).filter((line) => line.endsWith('state'))).toEqual([
      'Josefstag: state',
      'Tag der Volksabstimmung: state',
    ]);
    expect(kinds(9).filter((line) => line.endsWith('statutory'))).toHaveLength(13);
  });
});

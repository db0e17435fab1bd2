import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byFirstLetter } from './collation.ts';
import { buildDirectory } from './directory.ts';
import { marketsOf } from './listing.ts';
import { sampleDate, sampleMarket } from './sample-records.ts';

describe('byFirstLetter', () => {
  it('sorts a title by its first letter, not its opening quotation mark', () => {
    const titles = ['Herbstmarkt', '„Grüner Markt“', '"Adventzauber"', 'Bauernmarkt', '»Zauber«'];
    expect(titles.sort(byFirstLetter)).toEqual([
      '"Adventzauber"',
      'Bauernmarkt',
      '„Grüner Markt“',
      'Herbstmarkt',
      '»Zauber«',
    ]);
  });

  it('places a title after punctuation where the same title without it stands, for every title', () => {
    const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüß][a-zäöüß ]{0,12}$/);
    const punctuation = fc.constantFrom('„', '"', '«', '»', '‚', "'", '(', '- ', '…', '*');
    fc.assert(
      fc.property(word, word, punctuation, (title, other, mark) => {
        expect(Math.sign(byFirstLetter(`${mark}${title}`, other))).toBe(
          Math.sign(title.localeCompare(other, 'de')) || Math.sign(byFirstLetter(`${mark}${title}`, title)),
        );
      }),
    );
  });
});

describe('the web directory', () => {
  it('lists a municipality’s markets by the first letter of their titles, as the book does (issue 21)', () => {
    const markets = ['Kirtag', '„Grüner Markt“', 'Bauernmarkt', '"Adventmarkt"'].map((title, i) =>
      sampleMarket(`m${i}`, title),
    );
    const directory = buildDirectory({
      readAt: new Date('2027-01-01T00:00:00Z'),
      year: 2027,
      states: [{ code: 6, name: 'Steiermark' }],
      districts: [{ code: '622', name: 'Hartberg-Fürstenfeld', state_code: 6 }],
      municipalities: [{ gkz: '62219', name: 'Hartberg', postcode: '8230', website: '', district_code: '622' }],
      markets,
      dates: markets.map((market) => sampleDate(market.id, '2027-06-05')),
    });
    expect([...marketsOf(directory)].map(({ market }) => market.title)).toEqual([
      '"Adventmarkt"',
      'Bauernmarkt',
      '„Grüner Markt“',
      'Kirtag',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildDirectory, type DirectorySource } from '../../lib/directory/directory.ts';
import { pagesOf } from '../../lib/directory/listing.ts';
import { sampleDate, sampleMarket } from '../../lib/directory/sample-records.ts';
import { pageVersions } from './page-versions.ts';

const TODAY = '2027-01-10';
const places = {
  readAt: new Date('2027-01-10T08:00:00Z'),
  year: 2027,
  states: [{ code: 6, name: 'Steiermark' }],
  districts: [{ code: '622', name: 'Hartberg-Fürstenfeld', state_code: 6 }],
  municipalities: [{ gkz: '62219', name: 'Hartberg', postcode: '8230', website: '', district_code: '622' }],
};
const image = { url: 'https://hartberg.at/markt.jpg', alt: 'Stände', description: '', focal_x: 50, focal_y: 50 };
const markets = [{ ...sampleMarket('m0', 'Kirtag'), image }, sampleMarket('m1', 'Bauernmarkt')];
const source: Pick<DirectorySource, 'markets' | 'dates'> = {
  markets,
  dates: markets.map((market) => sampleDate(market.id, '2027-05-01')),
};
/** Every page's version, by path. */
function allVersions(directory: ReturnType<typeof buildDirectory>, day = TODAY): Map<string, string | undefined> {
  const pages = new Map(pagesOf(directory));
  const versionOf = pageVersions(directory, pages, day);
  return new Map([...pages.keys()].map((path) => [path, versionOf(path)]));
}

describe('pageVersions, from one publish to the next (issue 18)', () => {
  it('gives a directory whose markets are kept from the last publish the versions fresh records give', () => {
    allVersions(buildDirectory({ ...places, ...source }));
    const retitled = { ...source, markets: [source.markets[0]!, { ...source.markets[1]!, title: 'Biomarkt' }] };
    const again = buildDirectory({ ...places, ...retitled });
    expect(allVersions(again)).toEqual(allVersions(structuredClone(again)));
  });

  it('gives a market’s page a new version when its image’s copy arrives, leaving the directory before as it was', () => {
    const directory = buildDirectory({ ...places, ...source });
    const before = allVersions(directory);
    const shown = structuredClone(directory);
    const imageFiles = new Map([[image.url, '/markt-bilder/abc.jpg']]);
    const again = buildDirectory({ ...places, ...source, imageFiles }, directory);
    const market = again.states[0]!.districts[0]!.municipalities[0]!.markets.find(({ id }) => id === 'm0')!;
    expect(market.image_file).toBe('/markt-bilder/abc.jpg');
    const after = allVersions(again);
    expect(after.get(market.path)).not.toBe(before.get(market.path));
    expect(after).toEqual(allVersions(structuredClone(again)));
    expect(directory).toEqual(shown);
    expect(allVersions(directory)).toEqual(before);
  });

  it('gives pages kept from the last publish the versions fresh ones give, whatever the day and the places above', () => {
    const directory = buildDirectory({ ...places, ...source });
    const fresh = (day: string, changed = directory) => {
      const copy = structuredClone(changed);
      return allVersions(copy, day);
    };
    for (const day of ['2027-01-10', '2027-05-02', '2027-01-10']) {
      expect(allVersions(directory, day)).toEqual(fresh(day));
    }
    // The district renamed: its municipality and markets stay the same objects, their pages name it.
    const [state] = directory.states;
    const [district] = state!.districts;
    const renamed = {
      ...directory,
      states: [{ ...state!, districts: [{ ...district!, name: 'Hartberg' }] }],
    };
    const before = allVersions(directory);
    const after = allVersions(renamed);
    expect(after).toEqual(fresh(TODAY, renamed));
    for (const market of district!.municipalities[0]!.markets)
      expect(after.get(market.path)).not.toBe(before.get(market.path));
  });
});

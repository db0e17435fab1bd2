import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDistricts, parseMunicipalities } from './parse.ts';

const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('Statistik Austria lists', () => {
  it('reads all 2,095 municipalities, Vienna once', () => {
    const municipalities = parseMunicipalities(read('gemliste_knz.csv'));
    expect(municipalities).toHaveLength(2095);
    const vienna = municipalities.filter((m) => m.gkz === '90001');
    expect(vienna).toHaveLength(1);
    expect(vienna[0]?.name).toBe('Wien');
    expect(vienna[0]?.otherPostcodes).toContain('1230');
    const perState = new Map<string, number>();
    for (const m of municipalities) perState.set(m.gkz[0]!, (perState.get(m.gkz[0]!) ?? 0) + 1);
    expect(Object.fromEntries(perState)).toEqual({
      '1': 171,
      '2': 132,
      '3': 573,
      '4': 438,
      '5': 119,
      '6': 286,
      '7': 279,
      '8': 96,
      '9': 1,
    });
  });

  it('keeps postcodes, status and district of a municipality', () => {
    const hartberg = parseMunicipalities(read('gemliste_knz.csv')).find((m) => m.gkz === '62219');
    expect(hartberg).toEqual({
      gkz: '62219',
      name: 'Hartberg',
      status: 'ST',
      postcode: '8230',
      otherPostcodes: [],
      districtCode: '622',
    });
  });

  it('accepts a newer list with title lines and a source footer, and duplicate postcodes', () => {
    const text =
      'Gemeinden Österreichs\nGebietsstand 2024\nGemeindekennziffer;Gemeindename;Gemeindecode;Status;PLZ des Gem.Amtes;weitere Postleitzahlen\r\n41515;Kremsmünster;41515;M;4550;4522 4522\r\nQuelle: STATISTIK AUSTRIA\n';
    expect(parseMunicipalities(text)).toEqual([
      {
        gkz: '41515',
        name: 'Kremsmünster',
        status: 'M',
        postcode: '4550',
        otherPostcodes: ['4522'],
        districtCode: '415',
      },
    ]);
  });

  it('reads 9 states and 94 districts, one per municipality prefix', () => {
    const { states, districts } = parseDistricts(read('polbezirke.csv'));
    expect(states).toHaveLength(9);
    expect(districts).toHaveLength(94);
    const prefixes = new Set(parseMunicipalities(read('gemliste_knz.csv')).map((m) => m.districtCode));
    expect(new Set(districts.map((d) => d.code))).toEqual(prefixes);
  });
});

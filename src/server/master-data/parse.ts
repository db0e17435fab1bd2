/** Parsing Statistik Austria's lists (src/server/master-data/README.md describes the formats). */

import type { DistrictRow, MunicipalityRow, StateRow } from '../db/queries/master-data.ts';

const lines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n/);

/** `Bundeslandkennziffer;Bundesland;Kennziffer pol. Bezirk;Politischer Bezirk`; other lines are skipped. */
export function parseDistricts(text: string): { states: StateRow[]; districts: DistrictRow[] } {
  const states = new Map<number, StateRow>();
  const districts: DistrictRow[] = [];
  for (const line of lines(text)) {
    const match = /^(\d);([^;]+);(\d{3});([^;]+)$/.exec(line.trim());
    if (!match) continue;
    const [, stateCode, stateName, code, name] = match as unknown as [string, string, string, string, string];
    states.set(Number(stateCode), { code: Number(stateCode), name: stateName.trim() });
    districts.push({ code, name: name.trim(), stateCode: Number(stateCode) });
  }
  return { states: [...states.values()], districts };
}

/**
 * `Gemeindekennziffer;Gemeindename;Gemeindecode;Status;PLZ des Gem.Amtes;weitere Postleitzahlen`.
 * Title, header and `Quelle:` lines are skipped. Vienna stands in 23 rows (one per Gemeindebezirk)
 * under one gkz: they become one municipality "Wien" with all their postcodes.
 */
export function parseMunicipalities(text: string): MunicipalityRow[] {
  const byGkz = new Map<string, MunicipalityRow>();
  for (const line of lines(text)) {
    const cells = line.split(';').map((cell) => cell.trim());
    const [gkz = '', name = '', , status = '', postcode = '', more = ''] = cells;
    if (!/^\d{5}$/.test(gkz) || !name) continue;
    const postcodes = more.split(/\s+/).filter((code) => /^\d{4}$/.test(code));
    const known = byGkz.get(gkz);
    if (known) {
      known.name = known.name.split('-')[0] ?? known.name;
      known.otherPostcodes = unique([...known.otherPostcodes, postcode, ...postcodes]).filter(
        (c) => c !== known.postcode,
      );
      continue;
    }
    byGkz.set(gkz, {
      gkz,
      name,
      status: status === 'SR' || status === 'ST' || status === 'M' ? status : '',
      postcode,
      otherPostcodes: unique(postcodes).filter((code) => code !== postcode),
      districtCode: gkz.slice(0, 3),
    });
  }
  return [...byGkz.values()];
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

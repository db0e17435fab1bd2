import { readFileSync } from 'node:fs';
import type { Queryable } from '../db/database.ts';
import { countMunicipalities, upsertMasterData } from '../db/queries/master-data.ts';
import { parseDistricts, parseMunicipalities } from './parse.ts';

export const BUNDLED_MUNICIPALITIES = new URL('./gemliste_knz.csv', import.meta.url);
export const BUNDLED_DISTRICTS = new URL('./polbezirke.csv', import.meta.url);

export interface ImportResult {
  states: number;
  districts: number;
  municipalities: number;
}

/**
 * Inserts or updates states, districts and municipalities from Statistik Austria's lists.
 * Contact fields (phone, website, …) kept by the provider are left as they are.
 */
export async function importMasterData(
  db: Queryable,
  municipalitiesCsv: string,
  districtsCsv: string,
): Promise<ImportResult> {
  const { states, districts } = parseDistricts(districtsCsv);
  const municipalities = parseMunicipalities(municipalitiesCsv);
  const knownDistricts = new Set(districts.map((d) => d.code));
  const orphan = municipalities.find((m) => !knownDistricts.has(m.districtCode));
  if (orphan)
    throw new Error(
      `Municipality ${orphan.gkz} ${orphan.name} belongs to district ${orphan.districtCode}, which the district list lacks.`,
    );

  await upsertMasterData(db, { states, districts, municipalities });
  return { states: states.length, districts: districts.length, municipalities: municipalities.length };
}

/** On a database without municipalities, imports the lists that ship with the portal. */
export async function importBundledMasterDataIfEmpty(db: Queryable): Promise<ImportResult | null> {
  if ((await countMunicipalities(db)) > 0) return null;
  return importMasterData(db, readFileSync(BUNDLED_MUNICIPALITIES, 'utf8'), readFileSync(BUNDLED_DISTRICTS, 'utf8'));
}

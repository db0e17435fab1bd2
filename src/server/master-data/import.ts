import { readFileSync } from 'node:fs';
import type { Queryable } from '../db/database.ts';
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

  await db.query(
    `INSERT INTO states (code, name) SELECT * FROM unnest($1::smallint[], $2::text[])
     ON CONFLICT (code) DO UPDATE SET name = excluded.name`,
    [states.map((s) => s.code), states.map((s) => s.name)],
  );
  await db.query(
    `INSERT INTO districts (code, name, state_code) SELECT * FROM unnest($1::text[], $2::text[], $3::smallint[])
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, state_code = excluded.state_code`,
    [districts.map((d) => d.code), districts.map((d) => d.name), districts.map((d) => d.stateCode)],
  );
  await db.query(
    `INSERT INTO municipalities (gkz, name, status, postcode, other_postcodes, district_code)
     SELECT gkz, name, status, postcode, string_to_array(others, ' '), district
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       AS m(gkz, name, status, postcode, others, district)
     ON CONFLICT (gkz) DO UPDATE SET name = excluded.name, status = excluded.status, postcode = excluded.postcode,
       other_postcodes = excluded.other_postcodes, district_code = excluded.district_code, updated_at = now()`,
    [
      municipalities.map((m) => m.gkz),
      municipalities.map((m) => m.name),
      municipalities.map((m) => m.status),
      municipalities.map((m) => m.postcode),
      municipalities.map((m) => m.otherPostcodes.join(' ')),
      municipalities.map((m) => m.districtCode),
    ],
  );
  return { states: states.length, districts: districts.length, municipalities: municipalities.length };
}

/** On a database without municipalities, imports the lists that ship with the portal. */
export async function importBundledMasterDataIfEmpty(db: Queryable): Promise<ImportResult | null> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM municipalities');
  if (row && row.count > 0) return null;
  return importMasterData(db, readFileSync(BUNDLED_MUNICIPALITIES, 'utf8'), readFileSync(BUNDLED_DISTRICTS, 'utf8'));
}

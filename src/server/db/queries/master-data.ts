import type { Queryable } from '../database.ts';

/** Statistik Austria's lists as master-data/parse.ts reads them. */
export interface StateRow {
  code: number;
  name: string;
}
export interface DistrictRow {
  code: string;
  name: string;
  stateCode: number;
}
export interface MunicipalityRow {
  gkz: string;
  name: string;
  status: '' | 'SR' | 'ST' | 'M';
  postcode: string;
  otherPostcodes: string[];
  districtCode: string;
}

/**
 * Inserts or updates every state, district and municipality, one statement per table. Contact
 * fields (phone, website, …) kept by the provider are left as they are.
 */
export async function upsertMasterData(
  db: Queryable,
  lists: { states: StateRow[]; districts: DistrictRow[]; municipalities: MunicipalityRow[] },
): Promise<void> {
  const { states, districts, municipalities } = lists;
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
}

export async function countMunicipalities(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM municipalities');
  return row?.count ?? 0;
}

export type MasterDataKind = 'state' | 'district' | 'municipality';

/**
 * Per kind, code → the facts an import may change, as one comparable text (issue 22: the
 * console's preview): a state's name; a district's name and state; a municipality's name,
 * postcode and district. One query after the other: a transaction's queries share a connection.
 */
export async function readMasterDataFacts(db: Queryable): Promise<Record<MasterDataKind, Map<string, string>>> {
  type Fact = { code: string; text: string };
  const states = await db.query<Fact>('SELECT code::text AS code, name AS text FROM states');
  const districts = await db.query<Fact>(
    `SELECT code::text AS code, name || ' (' || state_code || ')' AS text FROM districts`,
  );
  const municipalities = await db.query<Fact>(
    `SELECT gkz::text AS code, name || ', ' || postcode || ' (' || district_code || ')' AS text FROM municipalities`,
  );
  const byCode = (rows: Fact[]) => new Map(rows.map((row) => [row.code.trim(), row.text]));
  return { state: byCode(states), district: byCode(districts), municipality: byCode(municipalities) };
}

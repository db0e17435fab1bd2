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

/** What an import may change of a state, district or municipality (issue 22: the console's preview). */
export interface MasterDataFact {
  name: string;
  /** A district's state, a municipality's district; '' for a state. */
  within: string;
  /** A municipality's main postcode; '' for the others. */
  postcode: string;
}

/** Per kind, code → its facts. One query after the other: a transaction's queries share a connection. */
export async function readMasterDataFacts(db: Queryable): Promise<Record<MasterDataKind, Map<string, MasterDataFact>>> {
  type Row = MasterDataFact & { code: string };
  const states = await db.query<Row>(`SELECT code::text AS code, name, '' AS within, '' AS postcode FROM states`);
  const districts = await db.query<Row>(
    `SELECT code::text AS code, name, state_code::text AS within, '' AS postcode FROM districts`,
  );
  const municipalities = await db.query<Row>(
    'SELECT gkz::text AS code, name, district_code::text AS within, postcode FROM municipalities',
  );
  const byCode = (rows: Row[]) =>
    new Map(rows.map(({ code, name, within, postcode }) => [code.trim(), { name, within: within.trim(), postcode }]));
  return { state: byCode(states), district: byCode(districts), municipality: byCode(municipalities) };
}

/** How many markets and user accounts each of these municipalities has (a removal's consequence). */
export async function readMunicipalityHoldings(
  db: Queryable,
  gkzs: string[],
): Promise<Map<string, { markets: number; users: number }>> {
  const rows = await db.query<{ gkz: string; markets: number; users: number }>(
    `SELECT m.gkz::text AS gkz,
            (SELECT count(*)::int FROM markets WHERE gkz = m.gkz) AS markets,
            (SELECT count(*)::int FROM users WHERE gkz = m.gkz) AS users
       FROM municipalities m WHERE m.gkz = ANY($1::text[])`,
    [gkzs],
  );
  return new Map(rows.map(({ gkz, markets, users }) => [gkz.trim(), { markets, users }]));
}

import type { Queryable } from '../database.ts';

/** Where a market is: its municipality with district and state, as the master data names them. */
export interface Place {
  gkz: string;
  municipality: string;
  postcode: string;
  districtCode: string;
  district: string;
  stateCode: number;
  state: string;
}

export async function listStates(db: Queryable): Promise<{ code: number; name: string }[]> {
  return db.query<{ code: number; name: string }>('SELECT code, name FROM states');
}

export async function listDistricts(db: Queryable): Promise<{ code: string; name: string; state_code: number }[]> {
  return db.query<{ code: string; name: string; state_code: number }>('SELECT code, name, state_code FROM districts');
}

/** A municipality with markets as the directory's pages need it; its own website organises the markets' events. */
export interface MunicipalityWithMarkets {
  gkz: string;
  name: string;
  postcode: string;
  district_code: string;
  /** '' where the provider has none on file. */
  website: string;
}

export async function listMunicipalitiesWithMarkets(db: Queryable): Promise<MunicipalityWithMarkets[]> {
  return db.query<MunicipalityWithMarkets>(
    `SELECT gkz, name, postcode, district_code, website FROM municipalities
      WHERE gkz IN (SELECT DISTINCT gkz FROM markets)`,
  );
}

export interface MunicipalityOnFile {
  gkz: string;
  name: string;
  /** Statistik Austria's: SR, ST, M or ''. */
  status: string;
  postcode: string;
  other_postcodes: string[];
}

/** Every municipality on file, by code, with its postcodes: the office's and the others. */
export async function listMunicipalities(db: Queryable): Promise<MunicipalityOnFile[]> {
  return db.query<MunicipalityOnFile>(
    'SELECT gkz, name, status, postcode, other_postcodes FROM municipalities ORDER BY gkz',
  );
}

export async function municipalityName(db: Queryable, gkz: string): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>('SELECT name FROM municipalities WHERE gkz = $1', [gkz]);
  return row?.name;
}

/** The contact details the provider keeps beside Statistik Austria's data. */
export async function setMunicipalityContact(
  db: Queryable,
  gkz: string,
  contact: { phone: string; website: string },
): Promise<void> {
  await db.query('UPDATE municipalities SET phone = $2, website = $3 WHERE gkz = $1', [
    gkz,
    contact.phone,
    contact.website,
  ]);
}

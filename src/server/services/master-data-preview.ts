import type { Queryable } from '../db/database.ts';
import { readMasterDataFacts, type MasterDataKind } from '../db/queries/master-data.ts';
import { importMasterData } from '../master-data/import.ts';
import { parseDistricts, parseMunicipalities } from '../master-data/parse.ts';
import { OperatorRefusal } from './operator-refusal.ts';

/** One difference the import makes: a new or renamed or moved state, district or municipality. */
export interface MasterDataChange {
  kind: MasterDataKind;
  code: string;
  /** null: new. */
  before: string | null;
  after: string;
}

export interface MasterDataPreview {
  counts: { states: number; districts: number; municipalities: number };
  changes: MasterDataChange[];
  /** False for the preview: nothing was written. */
  applied: boolean;
}

/**
 * What importing Statistik Austria's lists changes (issue 22: the console shows it before the
 * operator applies it). A municipality is described by name, postcode and district, the facts
 * the directory shows; the provider's contact fields are never touched by an import.
 */
export async function previewMasterData(
  db: Queryable,
  municipalitiesCsv: string,
  districtsCsv: string,
  { apply }: { apply: boolean },
): Promise<MasterDataPreview> {
  const { states, districts } = parseDistricts(districtsCsv);
  const municipalities = parseMunicipalities(municipalitiesCsv);
  if (municipalities.length === 0 || districts.length === 0)
    throw new OperatorRefusal('invalid_request', 'Nothing imported: a list holds no rows Statistik Austria writes.');
  const current = await readMasterDataFacts(db);
  const changes: MasterDataChange[] = [];
  const compare = (kind: MasterDataChange['kind'], code: string, after: string) => {
    const before = current[kind].get(code) ?? null;
    if (before !== after) changes.push({ kind, code, before, after });
  };
  for (const state of states) compare('state', String(state.code), state.name);
  for (const district of districts) compare('district', district.code, `${district.name} (${district.stateCode})`);
  for (const m of municipalities) compare('municipality', m.gkz, `${m.name}, ${m.postcode} (${m.districtCode})`);
  if (apply) {
    try {
      await importMasterData(db, municipalitiesCsv, districtsCsv);
    } catch (error) {
      // importMasterData refuses a municipality whose district the list lacks, in a sentence.
      if (error instanceof Error && !(error instanceof OperatorRefusal))
        throw new OperatorRefusal('invalid_request', `Nothing imported: ${error.message}`);
      throw error;
    }
  } else {
    const known = new Set(districts.map((d) => d.code));
    const orphan = municipalities.find((m) => !known.has(m.districtCode));
    if (orphan)
      throw new OperatorRefusal(
        'invalid_request',
        `Nothing imported: municipality ${orphan.gkz} ${orphan.name} belongs to district ${orphan.districtCode}, which the district list lacks.`,
      );
  }
  return {
    counts: { states: states.length, districts: districts.length, municipalities: municipalities.length },
    changes,
    applied: apply,
  };
}

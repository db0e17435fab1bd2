import type { Queryable } from '../db/database.ts';
import {
  readMasterDataFacts,
  readMunicipalityHoldings,
  type MasterDataFact,
  type MasterDataKind,
} from '../db/queries/master-data.ts';
import { MASTER_DATA_CHANGES, type MasterDataChangeKind } from '../../lib/operator.ts';
import { importMasterData } from '../master-data/import.ts';
import { parseDistricts, parseMunicipalities } from '../master-data/parse.ts';
import { OperatorRefusal } from './operator-refusal.ts';

/** One difference the import makes. */
export interface MasterDataChange {
  kind: MasterDataKind;
  code: string;
  change: MasterDataChangeKind;
  /** null: new. */
  before: string | null;
  /** null: no longer in the lists, and kept here as it is (an import deletes nothing). */
  after: string | null;
  /** A municipality moved into another district: its code before (a district is part of the code). */
  from?: string;
  /** A removed or moved municipality's markets and user accounts, which stay under its old code. */
  holds?: { markets: number; users: number };
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
  const listed: Record<MasterDataKind, Map<string, MasterDataFact>> = {
    state: new Map(states.map((state) => [String(state.code), { name: state.name, within: '', postcode: '' }])),
    district: new Map(districts.map((d) => [d.code, { name: d.name, within: String(d.stateCode), postcode: '' }])),
    municipality: new Map(
      municipalities.map((m) => [m.gkz, { name: m.name, within: m.districtCode, postcode: m.postcode }]),
    ),
  };
  const found = (['state', 'district', 'municipality'] as const).flatMap((kind) =>
    [...new Set([...current[kind].keys(), ...listed[kind].keys()])].flatMap((code) => {
      const [before, after] = [current[kind].get(code), listed[kind].get(code)];
      const change = changeOf(before, after);
      return change ? [{ kind, code, change, before: textOf(before), after: textOf(after) }] : [];
    }),
  );
  const paired = withMoves(found, current.municipality, listed.municipality);
  const left = paired.filter((c) => c.kind === 'municipality' && (c.change === 'removed' || c.from));
  const holdings = await readMunicipalityHoldings(
    db,
    left.map((c) => c.from ?? c.code),
  );
  const changes: MasterDataChange[] = paired.map((change) => {
    const holds = left.includes(change) ? holdings.get(change.from ?? change.code) : undefined;
    return holds ? { ...change, holds } : change;
  });
  changes.sort(
    (a, b) =>
      MASTER_DATA_CHANGES.indexOf(a.change) - MASTER_DATA_CHANGES.indexOf(b.change) ||
      a.kind.localeCompare(b.kind) ||
      a.code.localeCompare(b.code),
  );
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

/**
 * A municipality moves into another district under a new code (the code begins with the
 * district's): a removal and an addition of the same name are one move.
 */
function withMoves(
  found: MasterDataChange[],
  before: Map<string, MasterDataFact>,
  after: Map<string, MasterDataFact>,
): MasterDataChange[] {
  const byName = (change: MasterDataChangeKind, facts: Map<string, MasterDataFact>) => {
    const codes = new Map<string, string[]>();
    for (const c of found)
      if (c.kind === 'municipality' && c.change === change) {
        const name = facts.get(c.code)!.name;
        codes.set(name, [...(codes.get(name) ?? []), c.code]);
      }
    return codes;
  };
  const [removed, added] = [byName('removed', before), byName('new', after)];
  const moves = new Map<string, string>(); // new code → old code
  for (const [name, [old, ...more]] of removed) {
    const fresh = added.get(name);
    if (old && more.length === 0 && fresh?.length === 1) moves.set(fresh[0]!, old);
  }
  const gone = new Set(moves.values());
  return found.flatMap((c): MasterDataChange[] => {
    if (c.kind !== 'municipality') return [c];
    if (gone.has(c.code) && c.change === 'removed') return [];
    const from = c.change === 'new' ? moves.get(c.code) : undefined;
    return from ? [{ ...c, change: 'moved', from, before: textOf(before.get(from)) }] : [c];
  });
}

function changeOf(before: MasterDataFact | undefined, after: MasterDataFact | undefined): MasterDataChangeKind | null {
  if (!before) return 'new';
  if (!after) return 'removed';
  if (before.within !== after.within) return 'moved';
  if (before.name !== after.name) return 'renamed';
  return before.postcode === after.postcode ? null : 'changed';
}

/** A state's name; a district's name and state; a municipality's name, postcode and district. */
function textOf(fact: MasterDataFact | undefined): string | null {
  if (!fact) return null;
  if (fact.postcode) return `${fact.name}, ${fact.postcode} (${fact.within})`;
  return fact.within ? `${fact.name} (${fact.within})` : fact.name;
}

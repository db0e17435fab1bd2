import { stateNameOf } from '../../lib/directory/names.ts';
import { STATE_CODES } from '../../lib/directory/search.ts';
import { translator } from '../../lib/i18n.ts';
import { LOCALES } from '../../lib/languages.ts';
import type { MunicipalitySort } from '../../lib/operator.ts';
import type { Queryable } from '../db/database.ts';
import {
  findMunicipalities,
  readAllowedOf,
  type MunicipalityAccounts,
  type MunicipalityFound,
} from '../db/queries/operator-actions.ts';

export interface MunicipalityPage {
  municipalities: MunicipalityAccounts[];
  /** Every municipality found, not only this page's. */
  total: number;
  page: number;
  per_page: number;
}

/** Austrian German order: "Gössendorf" before "Graz" (the database's collation may put ö after z). */
const collator = new Intl.Collator('de-AT', { sensitivity: 'base', numeric: true });

/**
 * The console's municipalities (issue 55): found by name, gkz, district or state, exact matches
 * first ("Graz" before "Grazer…", gkz 60101 before the others), then in the order asked for, a
 * page at a time with the total; each of the page's with its allowed addresses and users.
 */
export async function searchMunicipalities(
  db: Queryable,
  { text, sort, page, perPage }: { text: string; sort: MunicipalitySort; page: number; perPage: number },
): Promise<MunicipalityPage> {
  const found = await findMunicipalities(db, text, statesNamed(text));
  const rank = rankOf(text);
  found.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      collator.compare(a[sort], b[sort]) ||
      collator.compare(a.name, b.name) ||
      a.gkz.localeCompare(b.gkz),
  );
  // A page past the end (the list shrank since it was asked for) is the last one.
  const last = Math.max(1, Math.ceil(found.length / perPage));
  const shownPage = Math.min(page, last);
  const shown = found.slice((shownPage - 1) * perPage, shownPage * perPage);
  const allowed = await readAllowedOf(
    db,
    shown.map((m) => m.gkz),
  );
  return {
    municipalities: shown.map((m) => ({ ...m, allowed: allowed.get(m.gkz) ?? [] })),
    total: found.length,
    page: shownPage,
    per_page: perPage,
  };
}

/** The states whose name in one of the portal's languages holds the text ("Styria", "Styrie"): 1–9. */
function statesNamed(text: string): number[] {
  const asked = text.trim().toLocaleLowerCase('de-AT');
  if (!asked) return [];
  return STATE_CODES.filter((code) =>
    LOCALES.some((locale) => stateNameOf(code, translator(locale)).toLocaleLowerCase('de-AT').includes(asked)),
  );
}

/** 0 for the municipality the text names (its gkz or its whole name), 1 for a name that begins with it, else 2. */
function rankOf(text: string): (m: MunicipalityFound) => number {
  const asked = text.trim();
  if (!asked) return () => 0;
  const same = (a: string, b: string) => collator.compare(a, b) === 0;
  return (m) => (m.gkz === asked || same(m.name, asked) ? 0 : same(m.name.slice(0, asked.length), asked) ? 1 : 2);
}

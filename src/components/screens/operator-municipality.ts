import type { Municipality } from '../../islands/operator/municipality-accounts.tsx';

/**
 * Issue 55: the municipality a console page is about, read through the API with the operator's
 * session (as the page's island reads it again after a change); null for a code not on file.
 */
export async function operatorMunicipality(locals: App.Locals, gkz: string | undefined): Promise<Municipality | null> {
  if (!gkz || !/^\d{5}$/.test(gkz) || !locals.apiData) return null;
  const found = (await locals.apiData(`operator/municipalities?q=${gkz}&per_page=1`)) as {
    municipalities: Municipality[];
  } | null;
  return found?.municipalities.find((municipality) => municipality.gkz === gkz) ?? null;
}

import { EDITION_ID } from '../../lib/book/addresses.ts';
import type { MunicipalityChanges } from '../../lib/book/edition.ts';
import { DIRECTORY_PATH } from '../../lib/directory/directory.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';

/**
 * Issue 55, a short address of the book (`/g/<gkz>`): where it leads now. A municipality with
 * markets to its page in the directory as published; one on file without any (they ended, or it
 * merged) to the search around it; an unknown code nowhere (null, a 404).
 */
export function shortAddressTarget(locals: App.Locals, gkz: string | undefined, locale: Locale): string | null {
  const municipality = gkz ? locals.published?.municipalities.get(gkz) : undefined;
  if (!municipality) return null;
  if (municipality.listed) return localizedPath(municipality.listed.path, locale);
  return `${localizedPath(`${DIRECTORY_PATH}/suche`, locale)}?${new URLSearchParams({ ort: gkz! })}`;
}

/** What `GET /api/public/book/<edition>` answers (docs/api.md). */
export interface EditionAnswer {
  id: string;
  year: number;
  made_at: string;
  current: boolean;
  municipalities: MunicipalityChanges[];
}

/** An edition's changes, read through the API as the app would; null for an unknown edition. */
export async function editionAnswer(locals: App.Locals, id: string | undefined): Promise<EditionAnswer | null> {
  if (!id || !EDITION_ID.test(id) || !locals.apiData) return null;
  return (await locals.apiData(`public/book/${id}`)) as EditionAnswer | null;
}

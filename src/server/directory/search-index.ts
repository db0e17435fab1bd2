import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { marketsOf, type Directory } from '../../lib/directory/directory.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { translator } from '../../lib/i18n.ts';
import { LOCALES, localizedPath } from '../../lib/languages.ts';
import { shownTextsOf } from '../../lib/market-fields.ts';

/** One file of the search index, by its path below `/pagefind/`. */
export type SearchFile = { path: string; content: Uint8Array };

/** The static build's search index, written to `outputPath` (the site's `pagefind/` folder). */
export async function writeSearchIndex(directory: Directory, outputPath: string): Promise<void> {
  const files = await searchIndexFiles(directory);
  await rm(outputPath, { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(outputPath, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
}

/**
 * The directory search (Pagefind) works in the browser alone: one index per language with a
 * record per market page, filterable by market type and state (codes, so the filters do not
 * depend on the language). Made in memory: the portal serves it from there (publisher.ts).
 */
export async function searchIndexFiles(directory: Directory): Promise<SearchFile[]> {
  const { index, errors } = await pagefind.createIndex({});
  try {
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const { state, district, municipality, market } of marketsOf(directory)) {
        const stateName = stateNameOf(state.code, t);
        const place = `${municipality.postcode} ${municipality.name}`;
        const added = await index.addCustomRecord({
          url: localizedPath(market.path, locale),
          language: locale,
          content: [
            market.title,
            t(`market.type.${market.type}`),
            ...Object.values(shownTextsOf(market)),
            place,
            districtNameOf(district.name),
            stateName,
          ].join('\n'),
          meta: { title: market.title, place: `${place} · ${stateName}`, type: t(`market.type.${market.type}`) },
          filters: { type: [market.type], state: [String(state.code)] },
        });
        if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
      }
    }
    const built = await index.getFiles();
    if (built.errors.length > 0) throw new Error(`Pagefind: ${built.errors.join('; ')}`);
    return built.files;
  } finally {
    await pagefind.close();
  }
}

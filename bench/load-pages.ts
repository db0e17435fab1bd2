import { readdir } from 'node:fs/promises';

/** The URL paths of the built public pages. */
export async function builtPages(pagesFolder: string): Promise<string[]> {
  const files = (await readdir(pagesFolder, { recursive: true })).filter((file) => file.endsWith('index.html'));
  return files.map((file) => `/${file.replace(/index\.html$/, '')}`).sort();
}

/**
 * Every overview, state and district page, then municipality and market pages drawn evenly
 * from the live sitemap (all three languages), up to `count` in all.
 */
export async function directoryPages(url: string, count: number): Promise<string[]> {
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  const directory = paths.filter((path) => /\/verzeichnis(\/|$)/.test(path));
  const shallow = directory.filter((path) => path.replace(/^\/(en|fr)\//, '/').split('/').length <= 4);
  const deep = directory.filter((path) => !shallow.includes(path));
  const step = Math.max(1, deep.length / Math.max(1, count - shallow.length));
  const drawn = Array.from(
    { length: Math.min(deep.length, count - shallow.length) },
    (_, i) => deep[Math.floor(i * step)]!,
  );
  return [...shallow, ...drawn];
}

/** Issue 52: places visitors search around, by postcode (state capitals and a few towns), in every language. */
const SEARCHED_PLACES = [
  '8230',
  '8010',
  '1010',
  '4020',
  '5020',
  '6020',
  '9020',
  '3100',
  '7000',
  '6900',
  '8700',
  '4600',
];

/**
 * Searches as visitors ask them, each a page with its map: this weekend around a place, a place
 * with a wider radius, a word, a type; in the three languages.
 */
export function searchPages(): string[] {
  const asked = [
    ...SEARCHED_PLACES.map((place) => `ort=${place}&km=20&wann=wochenende`),
    ...SEARCHED_PLACES.slice(0, 4).map((place) => `ort=${place}&km=50`),
    'q=markt',
    'typ=weihnachtsmarkt&wann=heute',
  ];
  return ['', '/en', '/fr'].flatMap((prefix) => asked.map((query) => `${prefix}/verzeichnis/suche?${query}`));
}

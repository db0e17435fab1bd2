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

/**
 * Each client entry's chunks, by the entry's address: filled in by the build (astro.config.mjs,
 * islandChunks). Unbuilt (astro dev) it stays the placeholder, and each entry stands for itself.
 */
const ISLAND_CHUNKS: string = '@@ISLAND_CHUNKS@@';
const BUILT: Readonly<Record<string, readonly string[]>> = ISLAND_CHUNKS.startsWith('{')
  ? (JSON.parse(ISLAND_CHUNKS) as Record<string, string[]>)
  : {};

/**
 * Issue 50: the chunks the islands in a page's HTML load (their components and their framework's
 * renderer, with all they import), for `<link rel="modulepreload">` in the head: the browser then
 * fetches them all at once as the page arrives, not one after the other once the parser has
 * reached the island.
 */
export function islandPreloads(html: string, chunksOf: Readonly<Record<string, readonly string[]>> = BUILT): string[] {
  const entries = [...html.matchAll(/<astro-island\b[^>]*>/g)].flatMap(([tag]) =>
    [...tag.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g)].map(([, url = '']) => url),
  );
  return [...new Set(entries.flatMap((entry) => chunksOf[entry] ?? [entry]))];
}

/**
 * The URL segment of a place or market name: lower case, German umlauts spelled out
 * ("Fürstenfeld" → "fuerstenfeld"), other accents dropped, everything else a single dash.
 */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Slugs for names that must be unique among their siblings. Of items whose names give the same
 * slug, the first in `items` keeps it plain and the others get their key appended; so when items
 * come oldest first, a page's address stays the same when a namesake is added later.
 */
export function uniqueSlugs<T>(
  items: readonly T[],
  name: (item: T) => string,
  key: (item: T) => string,
): Map<T, string> {
  const taken = new Set<string>();
  return new Map(
    items.map((item) => {
      const slug = slugOf(name(item)) || slugOf(key(item));
      const unique = taken.has(slug) ? `${slug}-${slugOf(key(item))}` : slug;
      taken.add(slug);
      return [item, unique];
    }),
  );
}

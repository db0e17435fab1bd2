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

/** Slugs for names that must be unique among their siblings: a repeated slug gets the item's key appended. */
export function uniqueSlugs<T>(
  items: readonly T[],
  name: (item: T) => string,
  key: (item: T) => string,
): Map<T, string> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const slug = slugOf(name(item));
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return new Map(
    items.map((item) => {
      const slug = slugOf(name(item)) || slugOf(key(item));
      return [item, (counts.get(slug) ?? 0) > 1 ? `${slug}-${slugOf(key(item))}` : slug];
    }),
  );
}

/** The content codings the portal sends besides identity, in the server's order of preference. */
export type Encoding = 'br' | 'gzip';

/** Brotli first: on the island bundle 57 KB against gzip's 66 KB (README, "Compression"). */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** The suffix of a pre-compressed file beside its original, as nginx's gzip_static and CDNs expect. */
export const FILE_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The coding to send for an Accept-Encoding header (RFC 9110, 12.5.3): the one the client weighs
 * highest among those offered, the server's order breaking ties; `q=0` refuses a coding, `*`
 * stands for every coding not named. null: send identity (no header, or nothing acceptable).
 */
export function negotiateEncoding(
  header: string | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding) weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(weight) ? weight : 0);
  }
  let chosen: Encoding | null = null;
  let best = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > best) [chosen, best] = [encoding, weight];
  }
  return chosen;
}

/** An ETag per coding (RFC 9110, 8.8.3: each representation its own), from the identity one. */
export function encodedEtag(etag: string, encoding: Encoding | null): string {
  return encoding ? etag.replace(/"$/, `-${encoding}"`) : etag;
}

/** A Vary header with `field` added to what it names already (the home page varies by language too). */
export function withVary(current: string | number | string[] | undefined, field: string): string {
  const fields = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (fields.some((name) => name.toLowerCase() === field.toLowerCase())) return fields.join(', ');
  return [...fields, field].join(', ');
}

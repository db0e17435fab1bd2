import type { ContentKind } from './content-records.ts';

/*
 * A content answer's ETag names what it is made of: `"<kind>-<version>-public"` for
 * the public answer of a content version, `"<kind>-<public version>.<own version>-<gkz>"` for one
 * with a municipality's hidden records. Only a public one can be a delta's `since`.
 */

export function publicEtag(kind: ContentKind, version: bigint | string): string {
  return `"${kind}-${version}-public"`;
}

export function ownEtag(kind: ContentKind, publicVersion: bigint, ownVersion: string, gkz: string): string {
  return `"${kind}-${publicVersion}.${ownVersion}-${gkz}"`;
}

/** The version of a public answer's ETag of this kind (a proxy may have made it weak); null for any other. */
export function versionOfPublicEtag(kind: ContentKind, etag: string): bigint | null {
  const match = /^(?:W\/)?"(dates|markets)-(\d{1,18})-public"$/.exec(etag.trim());
  return match && match[1] === kind ? BigInt(match[2]!) : null;
}

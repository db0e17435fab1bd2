import { describe, expect, it } from 'vitest';
import { ownEtag, publicEtag, versionOfPublicEtag } from './content-etags.ts';

describe("a content answer's ETag", () => {
  it('gives back the version of a public answer of its kind, also made weak by a proxy', () => {
    expect(versionOfPublicEtag('dates', publicEtag('dates', 42n))).toBe(42n);
    expect(versionOfPublicEtag('markets', ` W/${publicEtag('markets', '7')} `)).toBe(7n);
  });

  it('gives no version for another kind, an answer with hidden records, or anything else', () => {
    expect(versionOfPublicEtag('markets', publicEtag('dates', 42n))).toBeNull();
    expect(ownEtag('dates', 42n, '43', '62219')).toBe('"dates-42.43-62219"');
    expect(versionOfPublicEtag('dates', ownEtag('dates', 42n, '43', '62219'))).toBeNull();
    for (const etag of ['kaputt', '"dates--public"', `"dates-${'9'.repeat(19)}-public"`])
      expect(versionOfPublicEtag('dates', etag), etag).toBeNull();
  });
});

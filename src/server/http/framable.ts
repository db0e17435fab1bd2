/**
 * The embeddable market lists (issue 23): the only pages another website may frame. Every other
 * page and every API answer keeps refusing it (frame-ancestors 'none', X-Frame-Options DENY).
 */
export const EMBED_PATH = /^\/(?:(?:en|fr)\/)?einbetten\/[^/]*\/?$/;

export function isEmbedPath(pathname: string): boolean {
  return EMBED_PATH.test(pathname);
}

import type { Locale } from '../languages.ts';

/** What the embedded list posts to the page that frames it (issue 23): its height in CSS pixels. */
export const HEIGHT_MESSAGE_TYPE = 'marktverzeichnis:height';

/** A height message of the right shape; anything else a frame might post is not one. */
export function heightOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== HEIGHT_MESSAGE_TYPE || typeof height !== 'number' || !Number.isFinite(height) || height <= 0)
    return null;
  return Math.ceil(height);
}

/** The one line a municipality pastes into its website (public/einbetten.js reads its data-*). */
export function embedSnippet(portalOrigin: string, gkz: string, locale: Locale): string {
  return `<script src="${portalOrigin}/einbetten.js" data-gkz="${gkz}" data-lang="${locale}" async></script>`;
}

/** The list the snippet shows, for the clerk's preview. */
export function embedListPath(gkz: string, locale: Locale): string {
  return `${locale === 'de' ? '' : `/${locale}`}/einbetten/${gkz}`;
}

import { waitWords } from '../../lib/durations.ts';
import { translator } from '../../lib/i18n.ts';
import { localeOfPath, localizedPath } from '../../lib/languages.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable-error.ts';

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Issue 50: a page rendered on demand that needs the database (a clerk's screens, which look up
 * the session) while it is away: a short 503 page in the page's language that points to the
 * public directory, which is still served, instead of Astro's 500 and a stack in the log.
 */
export function databaseDownPage(pathname: string): Response {
  const locale = localeOfPath(pathname);
  const t = translator(locale);
  const text = t('databaseDown.text', { wait: waitWords(DATABASE_RETRY_AFTER_SECONDS, locale) });
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped(t('databaseDown.title'))}</title></head>
<body><main><h1>${escaped(t('databaseDown.title'))}</h1><p>${escaped(text)}</p><p><a href="${localizedPath('/verzeichnis', locale)}">${escaped(t('databaseDown.directory'))}</a></p></main></body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  });
}

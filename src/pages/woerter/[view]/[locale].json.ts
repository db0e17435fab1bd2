import type { APIRoute, GetStaticPaths } from 'astro';
import { VIEWS_WITH_OWN_WORDS, viewMessages, type ViewWithOwnWords } from '../../../lib/i18n.ts';
import { LOCALES, type Locale } from '../../../lib/languages.ts';

/**
 * The words of an editing view that loads them when it opens (lib/i18n.ts, VIEWS_WITH_OWN_WORDS),
 * made at build time: `/woerter/import/fr.json`, a kilobyte the markets page no longer carries.
 */
export const getStaticPaths = (() =>
  VIEWS_WITH_OWN_WORDS.flatMap((view) =>
    LOCALES.map((locale) => ({ params: { view, locale } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(viewMessages(params['locale'] as Locale, params['view'] as ViewWithOwnWords)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

/** Interface languages of the portal (seed section 4): German is the default and has no URL prefix. */
export const LOCALES = ['de', 'en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';
/**
 * The tag days and times are written with (Intl): Austrian German (Jänner), British English (the
 * day before the month and a 24-hour clock, as read in Austria; plain "en" would write 12/05/2026
 * for the 5th of December), French of France.
 */
export const FORMAT_TAGS: Record<Locale, string> = { de: 'de-AT', en: 'en-GB', fr: 'fr-FR' };

/** The content service's language ids (seed section 7). Only de, en and fr have an interface. */
export const LANGUAGE_IDS = { de: 2, en: 1, fr: 3, tr: 32, hbs: 41, ls: 42, ogs: 43 } as const;
export const KNOWN_LANGUAGE_IDS: readonly number[] = Object.values(LANGUAGE_IDS);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function languageIdOf(locale: Locale): number {
  return LANGUAGE_IDS[locale];
}

/** The interface locale for a language id; languages without an interface fall back to German. */
export function localeOfLanguageId(id: number): Locale {
  return LOCALES.find((locale) => LANGUAGE_IDS[locale] === id) ?? DEFAULT_LOCALE;
}

/** The locale a path belongs to: `/en/...` and `/fr/...` carry a prefix, German has none. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** A path without its locale prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The same page in another locale: `localizedPath('/maerkte', 'en')` → `/en/maerkte`. */
export function localizedPath(path: string, locale: Locale): string {
  const bare = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? `/${locale}/` : `/${locale}${bare}`;
}

/** The first interface locale an Accept-Language header asks for, by weight; null when none fits. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const wanted = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return wanted.map((entry) => entry.language).find(isLocale) ?? null;
}

/**
 * The home page in a chosen language: `/?lang=fr`. The server stores the choice in the language
 * cookie and redirects (server/http/locale-redirect.ts), so it works without JavaScript.
 */
export const LOCALE_CHOICE_PARAMETER = 'lang';
export function homeChoosing(locale: Locale): string {
  return `/?${LOCALE_CHOICE_PARAMETER}=${locale}`;
}

/**
 * The language attribute for what municipalities write themselves (market titles, descriptions,
 * notes): always German, so a page in another language marks it for screen readers (WCAG 3.1.2).
 */
export function enteredTextLang(pageLocale: Locale): Locale | undefined {
  return pageLocale === DEFAULT_LOCALE ? undefined : DEFAULT_LOCALE;
}

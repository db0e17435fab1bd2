import i18next, { type i18n as I18n } from 'i18next';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import { DEFAULT_LOCALE, type Locale } from './languages.ts';

/** German is the source language; every key must exist in all three files (see i18n.test.ts). */
export const MESSAGES: Record<Locale, Record<string, string>> = { de, en, fr };
export type MessageKey = keyof typeof de;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const instances = new Map<Locale, I18n>();

/**
 * One synchronous i18next instance per locale, with every message bundled (seed section 9:
 * message files are not loaded lazily). Works the same in Astro pages, islands and the server.
 */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      resources: {
        [DEFAULT_LOCALE]: { translation: MESSAGES[DEFAULT_LOCALE] },
        [locale]: { translation: MESSAGES[locale] },
      },
      // Keys are flat and dotted ("errors.not_found"), so dots and colons are not separators.
      keySeparator: false,
      nsSeparator: false,
      // Astro and React escape what they render; escaping here would double it.
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

export function translator(locale: Locale): Translate {
  const instance = i18nFor(locale);
  return (key, values) => instance.t(key, values ?? {});
}

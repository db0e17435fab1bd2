import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '../lib/languages.ts';
import { makeTranslator, type Messages, type Translate } from '../lib/translate.ts';
import { TranslateContext } from './i18n.tsx';

const viewWords = new Map<string, Promise<Messages>>();

/**
 * A view's own words (lib/i18n.ts, VIEWS_WITH_OWN_WORDS), fetched when it first opens and kept for
 * the page: until they are there it shows `loading`, then its children read them beside the page's.
 */
export function WithViewWords({
  view,
  locale,
  loading,
  children,
}: {
  view: string;
  locale: Locale;
  loading: ReactNode;
  children: ReactNode;
}) {
  const parent = useContext(TranslateContext);
  const address = `/woerter/${view}/${locale}.json`;
  const [words, setWords] = useState<Messages | null>(null);
  useEffect(() => {
    if (!viewWords.has(address))
      viewWords.set(
        address,
        fetch(address).then((answer) => (answer.ok ? (answer.json() as Promise<Messages>) : {})),
      );
    let current = true;
    viewWords.get(address)!.then(
      (loaded) => current && setWords(loaded),
      // Offline: the keys stand in for the words rather than the view staying empty.
      () => current && setWords({}),
    );
    return () => {
      current = false;
    };
  }, [address]);
  const t = useMemo<Translate | null>(() => {
    if (!words) return null;
    const own = makeTranslator(words, locale);
    // A key with plural forms is the view's when its forms are (`import.applied.one`, `.other`).
    return (key, values) => (key in words || `${key}.other` in words ? own(key, values) : parent(key, values));
  }, [words, locale, parent]);
  return t ? <TranslateContext value={t}>{children}</TranslateContext> : loading;
}

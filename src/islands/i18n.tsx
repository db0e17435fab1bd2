import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '../lib/languages.ts';
import { makeTranslator, type Messages, type Translate } from '../lib/translate.ts';

/** Exported for a view that adds its own words (view-words.tsx). */
export const TranslateContext = createContext<Translate>(makeTranslator({}, 'de'));

/** The page's messages for every component of an island (they come with the page, as a prop of the island). */
export function TranslationProvider({
  messages,
  locale,
  children,
}: {
  messages: Messages;
  locale: Locale;
  children: ReactNode;
}) {
  const t = useMemo(() => makeTranslator(messages, locale), [messages, locale]);
  return <TranslateContext value={t}>{children}</TranslateContext>;
}

export function useTranslation(): { t: Translate } {
  return { t: useContext(TranslateContext) };
}

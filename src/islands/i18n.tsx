import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { makeTranslator, type Messages, type Translate } from '../lib/translate.ts';

const TranslateContext = createContext<Translate>(makeTranslator({}));

/** The page's messages for every component of an island (they come with the page, as a prop of the island). */
export function TranslationProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  const t = useMemo(() => makeTranslator(messages), [messages]);
  return <TranslateContext value={t}>{children}</TranslateContext>;
}

export function useTranslation(): { t: Translate } {
  return { t: useContext(TranslateContext) };
}

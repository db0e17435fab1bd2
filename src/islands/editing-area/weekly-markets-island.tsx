import type { Locale } from '../../lib/languages.ts';
import { EditingArea } from './editing-area.tsx';

/** `/wochenmaerkte`: the weekly and monthly markets (their lists follow with the markets issue). */
export function WeeklyMarketsIsland({ locale, title }: { locale: Locale; title: string }) {
  return <EditingArea locale={locale} title={title} />;
}

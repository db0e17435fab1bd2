import type { Locale } from '../../lib/languages.ts';
import { MarketsScreen } from '../markets/markets-screen.tsx';
import { EditingArea } from './editing-area.tsx';

/** `/wochenmaerkte`: the weekly and monthly markets, their rules and the dates derived from them. */
export function WeeklyMarketsIsland({ locale, title }: { locale: Locale; title: string }) {
  return (
    <EditingArea locale={locale} title={title}>
      <MarketsScreen locale={locale} weekly />
    </EditingArea>
  );
}

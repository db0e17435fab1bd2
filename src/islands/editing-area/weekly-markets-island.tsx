import { MarketsScreen } from '../markets/markets-screen.tsx';
import { EditingArea } from './editing-area.tsx';
import type { MarketsIslandProps } from './markets-island.tsx';

/** `/wochenmaerkte`: the weekly and monthly markets, their rules and the dates derived from them. */
export function WeeklyMarketsIsland({ locale, messages, title, seed }: MarketsIslandProps) {
  return (
    <EditingArea locale={locale} messages={messages} title={title} seed={seed}>
      <MarketsScreen locale={locale} weekly />
    </EditingArea>
  );
}

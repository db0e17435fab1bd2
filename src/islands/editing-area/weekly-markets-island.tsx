import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { MarketsScreen } from '../markets/markets-screen.tsx';
import { EditingArea } from './editing-area.tsx';

/** `/wochenmaerkte`: the weekly and monthly markets, their rules and the dates derived from them. */
export function WeeklyMarketsIsland({
  locale,
  messages,
  title,
}: {
  locale: Locale;
  messages: Messages;
  title: string;
}) {
  return (
    <EditingArea locale={locale} messages={messages} title={title}>
      <MarketsScreen locale={locale} weekly />
    </EditingArea>
  );
}

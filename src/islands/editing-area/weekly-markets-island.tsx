import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import type { ScreenSeed } from '../../stores/screen-seed.ts';
import { MarketsScreen } from '../markets/markets-screen.tsx';
import { EditingArea } from './editing-area.tsx';

/** `/wochenmaerkte`: the weekly and monthly markets, their rules and the dates derived from them. */
export function WeeklyMarketsIsland({
  locale,
  messages,
  title,
  seed,
}: {
  locale: Locale;
  messages: Messages;
  title: string;
  seed: ScreenSeed | null;
}) {
  return (
    <EditingArea locale={locale} messages={messages} title={title} seed={seed}>
      <MarketsScreen locale={locale} weekly />
    </EditingArea>
  );
}

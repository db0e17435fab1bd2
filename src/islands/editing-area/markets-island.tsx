import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { MarketsScreen } from '../markets/markets-screen.tsx';
import { EditingArea } from './editing-area.tsx';
import { MunicipalityData } from './municipality-data.tsx';

/** `/maerkte`: the municipality's markets and dates, and its master data. */
export function MarketsIsland({ locale, messages, title }: { locale: Locale; messages: Messages; title: string }) {
  return (
    <EditingArea locale={locale} messages={messages} title={title}>
      <MarketsScreen locale={locale} />
      <MunicipalityData />
    </EditingArea>
  );
}

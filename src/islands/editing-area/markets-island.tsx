import type { Locale } from '../../lib/languages.ts';
import { MarketsScreen } from '../markets/markets-screen.tsx';
import { EditingArea } from './editing-area.tsx';
import { MunicipalityData } from './municipality-data.tsx';

/** `/maerkte`: the municipality's markets and dates, and its master data. */
export function MarketsIsland({ locale, title }: { locale: Locale; title: string }) {
  return (
    <EditingArea locale={locale} title={title}>
      <MarketsScreen locale={locale} />
      <MunicipalityData />
    </EditingArea>
  );
}

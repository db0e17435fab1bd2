import type { Locale } from '../../lib/languages.ts';
import { EditingArea } from './editing-area.tsx';
import { MunicipalityData } from './municipality-data.tsx';

/** `/maerkte`: the municipality's data (its markets list follows with the markets issue). */
export function MarketsIsland({ locale, title }: { locale: Locale; title: string }) {
  return (
    <EditingArea locale={locale} title={title}>
      <MunicipalityData />
    </EditingArea>
  );
}

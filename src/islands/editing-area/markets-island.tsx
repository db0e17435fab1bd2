import { useStore } from '@nanostores/react';
import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { $marketRoute } from '../../stores/market-route.ts';
import type { ScreenSeed } from '../../stores/screen-seed.ts';
import { MarketsScreen } from '../markets/markets-screen.tsx';
import { EditingArea } from './editing-area.tsx';
import { EmbedSnippet } from './embed-snippet.tsx';
import { MunicipalityData } from './municipality-data.tsx';

/** What the pages of the markets screens hand to their island (components/screens). */
export interface MarketsIslandProps {
  locale: Locale;
  messages: Messages;
  title: string;
  seed: ScreenSeed | null;
}

/**
 * `/maerkte`: the municipality's markets and dates, and (beside the list, not a market's form)
 * its master data and its list for its own website.
 */
export function MarketsIsland({ locale, messages, title, seed }: MarketsIslandProps) {
  const route = useStore($marketRoute);
  return (
    <EditingArea
      locale={locale}
      messages={messages}
      title={title}
      seed={seed}
      below={
        route.market === null && (
          <>
            <MunicipalityData />
            <EmbedSnippet locale={locale} />
          </>
        )
      }
    >
      <MarketsScreen locale={locale} />
    </EditingArea>
  );
}

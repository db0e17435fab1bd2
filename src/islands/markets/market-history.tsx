import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import { FORMAT_TAGS, type Locale } from '../../lib/languages.ts';
import { callApi } from '../../stores/api-client.ts';
import { describeDays } from './date-words.ts';
import { changedDays, changeLines, type MarketChange } from './history-words.ts';
import type { MarketDateRecord } from '../../lib/market.ts';

interface MarketHistoryProps {
  marketId: string;
  /** Changes whenever the market or one of its dates was saved, so the history is read again. */
  revision: string;
  /** The market's dates, to name the one an entry changed. */
  dates: readonly MarketDateRecord[];
  locale: Locale;
}

/** Who changed what and when (old → new per field, in words), newest first. */
export function MarketHistory({ marketId, revision, dates, locale }: MarketHistoryProps) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState<MarketChange[] | null>(null);

  useEffect(() => {
    callApi<{ changes: MarketChange[] }>(`get_market_history/${marketId}`).then(
      (answer) => setChanges(answer.changes),
      () => setChanges(null),
    );
  }, [marketId, revision]);

  if (!changes || changes.length === 0) return null;
  const when = new Intl.DateTimeFormat(FORMAT_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <details className="market-history">
      <summary>{t('history.heading', { count: changes.length })}</summary>
      <ol>
        {changes.map((change, index) => {
          const days = changedDays(change, dates);
          return (
            <li key={`${change.changed_at}-${index}`}>
              <p>
                {when.format(new Date(change.changed_at))} · {change.user_email} ·{' '}
                {t(`history.${change.action}${change.market_date_id ? 'Date' : ''}` as MessageKey)}
                {days && `: ${describeDays(days, locale)}`}
              </p>
              <ul>
                {changeLines(change, t, locale).map((line) => (
                  <li key={line.field}>
                    {line.label}: {line.before} → {line.after}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

import { useEffect, useState } from 'react';
import { useFocusOnShow } from '../forms/heading.tsx';
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
  /** The clerk came from another view of the market: the focus moves to the heading (issue 53). */
  focusOnShow: boolean;
}

/** The history view of a market: who changed what and when (old → new per field, in words), newest first. */
export function MarketHistory({ marketId, revision, dates, locale, focusOnShow }: MarketHistoryProps) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState<MarketChange[] | 'loading' | 'failed'>('loading');
  const heading = useFocusOnShow(focusOnShow);
  useEffect(() => {
    callApi<{ changes: MarketChange[] }>(`get_market_history/${marketId}`).then(
      (answer) => setChanges(answer.changes),
      () => setChanges('failed'),
    );
  }, [marketId, revision]);

  return (
    <section className="market-history" aria-labelledby="market-history">
      <h3 id="market-history" ref={heading} tabIndex={-1}>
        {t('market.view.history')}
      </h3>
      {changes === 'loading' ? (
        <p role="status">{t('app.loading')}</p>
      ) : changes === 'failed' ? (
        <p role="alert">{t('history.failed')}</p>
      ) : changes.length === 0 ? (
        <p>{t('history.none')}</p>
      ) : (
        <ChangeList changes={changes} dates={dates} locale={locale} />
      )}
    </section>
  );
}

function ChangeList({
  changes,
  dates,
  locale,
}: {
  changes: MarketChange[];
  dates: readonly MarketDateRecord[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const when = new Intl.DateTimeFormat(FORMAT_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol>
      {changes.map((change, index) => {
        const days = changedDays(change, dates);
        const action = t(`history.${change.action}${change.market_date_id ? 'Date' : ''}` as MessageKey);
        return (
          <li key={`${change.changed_at}-${index}`}>
            <p>
              {when.format(new Date(change.changed_at))} · {change.user_email} ·{' '}
              {days ? t('form.namedLine', { name: action, text: describeDays(days, locale) }) : action}
              {change.source ? ` · ${t('history.importedFrom', { source: change.source })}` : ''}
            </p>
            <ul>
              {changeLines(change, t, locale).map((line) => (
                <li key={line.field}>
                  {t('form.namedLine', { name: line.label, text: `${line.before} → ${line.after}` })}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

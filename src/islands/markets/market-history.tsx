import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import type { Locale } from '../../lib/languages.ts';
import { callApi } from '../../stores/api-client.ts';

interface MarketChange {
  market_date_id: string | null;
  user_email: string;
  changed_at: string;
  action: 'created' | 'updated' | 'deleted';
  changes: Record<string, [unknown, unknown]>;
}

/** Where a changed field's label is: market fields in the market form's words, date fields in the date form's. */
const LABELS: Record<string, MessageKey> = {
  title: 'market.field.title',
  description: 'market.field.description',
  type: 'market.field.type',
  schedule: 'market.field.rule',
  rule: 'market.field.rule',
  location: 'market.field.location',
  event_location: 'market.field.eventLocation',
  floor: 'market.field.floor',
  floorplan: 'market.field.floorplan',
  status: 'market.field.status',
  website: 'market.field.website',
  phone: 'market.field.phone',
  email: 'market.field.email',
  image: 'market.image',
  hidden: 'market.field.hidden',
  time_from: 'market.rule.timeFrom',
  time_to: 'market.rule.timeTo',
  note: 'marketDate.field.note',
};

interface MarketHistoryProps {
  marketId: string;
  /** Changes whenever the market or one of its dates was saved, so the history is read again. */
  revision: string;
  locale: Locale;
}

/** Who changed what and when (old → new per field), newest first. */
export function MarketHistory({ marketId, revision, locale }: MarketHistoryProps) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState<MarketChange[] | null>(null);

  useEffect(() => {
    callApi<{ changes: MarketChange[] }>(`get_market_history/${marketId}`).then(
      (answer) => setChanges(answer.changes),
      () => setChanges(null),
    );
  }, [marketId, revision]);

  if (!changes || changes.length === 0) return null;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const label = (field: string, dated: boolean) => {
    if (field === 'date_start') return t(dated ? 'marketDate.field.dateStart' : 'market.field.dateStart');
    if (field === 'date_end') return t(dated ? 'marketDate.field.dateEnd' : 'market.field.dateEnd');
    const key = LABELS[field];
    return key ? t(key) : field;
  };
  return (
    <details className="market-history">
      <summary>{t('history.heading', { count: changes.length })}</summary>
      <ol>
        {changes.map((change, index) => (
          <li key={`${change.changed_at}-${index}`}>
            <p>
              {when.format(new Date(change.changed_at))} · {change.user_email} ·{' '}
              {t(`history.${change.action}${change.market_date_id ? 'Date' : ''}` as MessageKey)}
            </p>
            <ul>
              {Object.entries(change.changes).map(([field, [before, after]]) => (
                <li key={field}>
                  {label(field, change.market_date_id !== null)}: {shown(before, t)} → {shown(after, t)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  );
}

function shown(value: unknown, t: (key: MessageKey) => string): string {
  if (value === null || value === '') return t('history.empty');
  if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

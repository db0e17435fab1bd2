import { useEffect, useId, useState, type FormEvent } from 'react';
import { viennaTimeFormatter } from '../../lib/directory/format.ts';
import type { Locale } from '../../lib/languages.ts';
import { readSubscription, subscribe, unsubscribe, type CalendarSubscription } from '../../stores/market-imports.ts';
import { notify } from '../../stores/notices.ts';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

/**
 * Issue 54: the municipality's calendar, fetched every night. Without one, its address and a
 * button; with one, the address, when it was last fetched and what came of it, a preview of it
 * (where the clerk decides what waits), and a way to stop.
 */
export function ImportSubscription({ locale, onPreview }: { locale: Locale; onPreview: (url: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [subscription, setSubscription] = useState<CalendarSubscription | null | undefined>(undefined);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    readSubscription().then(setSubscription, (failure: unknown) => {
      setSubscription(null);
      setError(messageOf(failure, t));
    });
  }, [t]);

  const act = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError(t('errors.required_fields'));
    void act(async () => {
      setSubscription(await subscribe(url.trim()));
      notify(t('import.subscription.subscribed'));
    });
  };
  const stop = () =>
    void act(async () => {
      await unsubscribe();
      setSubscription(null);
      setUrl('');
      notify(t('import.subscription.ended'));
    });

  const errorLine = error && (
    <p id={`${id}-error`} className="field-error" role="alert">
      {error}
    </p>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="import-subscription">
      <h3 id={`${id}-heading`}>{t('import.subscription.heading')}</h3>
      {subscription === undefined && <p role="status">{t('app.loading')}</p>}
      {subscription === null && (
        <form onSubmit={start} noValidate aria-labelledby={`${id}-heading`}>
          <p>{t('import.subscription.intro')}</p>
          <div className="field">
            <label htmlFor={`${id}-url`}>{t('import.subscription.url')}</label>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={url}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setUrl(event.target.value)}
            />
          </div>
          {errorLine}
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {t('import.subscription.subscribe')}
            </button>
            {busy && <span role="status">{t('import.subscription.checking')}</span>}
          </div>
        </form>
      )}
      {subscription && (
        <>
          <dl className="import-subscribed">
            <dt>{t('import.subscription.address')}</dt>
            <dd>{subscription.url}</dd>
            <dt>{t('import.subscription.lastRun')}</dt>
            <dd>
              {subscription.checked_at
                ? viennaTimeFormatter(locale)(subscription.checked_at)
                : t('import.subscription.notYet')}
            </dd>
            {subscription.summary && (
              <>
                <dt>{t('import.subscription.outcome')}</dt>
                <dd>{subscription.summary}</dd>
              </>
            )}
          </dl>
          {errorLine}
          <div className="form-actions">
            <button type="button" disabled={busy} onClick={() => onPreview(subscription.url)}>
              {t('import.subscription.decide')}
            </button>
            <button type="button" className="button-secondary" disabled={busy} onClick={stop}>
              {t('import.subscription.end')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

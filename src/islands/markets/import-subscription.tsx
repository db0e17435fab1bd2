import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { viennaTimeFormatter } from '../../lib/directory/format.ts';
import type { Locale } from '../../lib/languages.ts';
import {
  readSubscription,
  subscribe,
  unsubscribe,
  type CalendarSubscription,
} from '../../stores/calendar-subscription.ts';
import { notify } from '../../stores/notices.ts';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

/**
 * Issue 54: the municipality's calendar, fetched every night. Without one, its address and a
 * button; with one, the address, when it was last fetched and what came of it, a preview of it
 * (where the clerk decides what waits), and a way to stop.
 */
export function ImportSubscription({
  locale,
  onPreview,
}: {
  locale: Locale;
  /** Shows the preview of the address; answers why not, else null (the view moves on to the preview). */
  onPreview: (url: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [subscription, setSubscription] = useState<CalendarSubscription | null | undefined>(undefined);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState<'checking' | 'reading' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The subscription could not be asked for: said, but no field is wrong. */
  const [unknown, setUnknown] = useState<string | null>(null);
  // When the form and the subscription's details take each other's place, the focus goes to the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    readSubscription().then(setSubscription, (failure: unknown) => {
      setSubscription(null);
      setUnknown(messageOf(failure, t));
    });
  }, [t]);

  const act = async (kind: 'checking' | 'reading', work: () => Promise<void>) => {
    setError(null);
    setBusy(kind);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(null);
    }
  };
  const swapped = () => requestAnimationFrame(() => heading.current?.focus());
  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError(t('errors.required_fields'));
    void act('checking', async () => {
      setSubscription(await subscribe(url.trim()));
      notify(t('import.subscription.subscribed'));
      swapped();
    });
  };
  const stop = () =>
    void act('checking', async () => {
      await unsubscribe();
      setSubscription(null);
      setUrl('');
      notify(t('import.subscription.ended'));
      swapped();
    });
  const preview = async (address: string) => {
    setError(null);
    setBusy('reading');
    const failed = await onPreview(address);
    setBusy(null);
    setError(failed);
  };

  const errorLine = error && (
    <p id={`${id}-error`} className="field-error" role="alert">
      {error}
    </p>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="import-subscription">
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t('import.subscription.heading')}
      </h3>
      {subscription === undefined && <p role="status">{t('app.loading')}</p>}
      {unknown && (
        <p className="field-error" role="alert">
          {unknown}
        </p>
      )}
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
            <button type="submit" disabled={busy !== null}>
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
            <button type="button" disabled={busy !== null} onClick={() => void preview(subscription.url)}>
              {t('import.subscription.decide')}
            </button>
            <button type="button" className="button-secondary" disabled={busy !== null} onClick={stop}>
              {t('import.subscription.end')}
            </button>
            {busy === 'reading' && <span role="status">{t('import.reading')}</span>}
          </div>
        </>
      )}
    </section>
  );
}

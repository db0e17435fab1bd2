import { useId, useState, type FormEvent } from 'react';
import type { Locale } from '../../lib/languages.ts';
import { apiUrl } from '../../stores/api-client.ts';
import { openMarket } from '../../stores/market-route.ts';
import { applyImport, previewImport, type ImportRow } from '../../stores/market-imports.ts';
import { notify } from '../../stores/notices.ts';
import { SectionHeading, useFocusOnShow } from '../forms/heading.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { WithViewWords } from '../view-words.tsx';
import { ImportPreview } from './import-preview.tsx';
import { ImportSubscription } from './import-subscription.tsx';
import { ViewLink } from './view-link.tsx';

/** As the server (docs/api.md): refused at once rather than after sending 30 MB on a slow line. */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPTED =
  '.ics,.csv,.xlsx,text/calendar,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Step =
  | { step: 'choose' }
  | { step: 'preview'; id: string; source: string; rows: ImportRow[] }
  | { step: 'done'; markets: { id: string; title: string }[] };

/**
 * `/maerkte?markt=importieren` (issue 54): a calendar file, a spreadsheet or a calendar's address,
 * its preview row by row, the rows the clerk picks applied in one step, and the markets written,
 * each a link to its history.
 */
export function ImportMarkets(props: { locale: Locale; focusOnShow: boolean }) {
  const { t } = useTranslation();
  return (
    <WithViewWords view="import" locale={props.locale} loading={<p role="status">{t('app.loading')}</p>}>
      <ImportSteps {...props} />
    </WithViewWords>
  );
}

function ImportSteps({ locale, focusOnShow }: { locale: Locale; focusOnShow: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [step, setStep] = useState<Step>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Shows the source's preview; answers why not, else null. Its caller (the form, the calendar's section) says it waits. */
  const show = async (source: { file: File } | { url: string }): Promise<string | null> => {
    try {
      const preview = await previewImport(source);
      setStep({ step: 'preview', ...preview, source: 'file' in source ? source.file.name : source.url });
      return null;
    } catch (failure) {
      return messageOf(failure, t);
    }
  };
  const read = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file && !url.trim()) return setError(t('import.noSource'));
    if (file && file.size > MAX_BYTES) return setError(t('errors.payload_too_large'));
    setBusy(true);
    const failed = await show(file ? { file } : { url: url.trim() });
    setBusy(false);
    setError(failed);
  };

  const apply = async (previewId: string, rows: number[]) => {
    const markets = await applyImport(previewId, rows);
    notify(t('import.applied', { count: markets.length }));
    setStep({ step: 'done', markets });
  };

  return (
    <div className="import-markets">
      <p>
        <button type="button" className="button-link" onClick={() => openMarket(null)}>
          {t('markets.backToList')}
        </button>
      </p>
      <SectionHeading id="import-heading" focusOnShow={focusOnShow}>
        {t('import.heading')}
      </SectionHeading>
      {step.step === 'choose' && (
        <form
          className="import-source"
          aria-labelledby="import-heading"
          onSubmit={(event) => void read(event)}
          noValidate
        >
          <p>{t('import.intro')}</p>
          <div className="field">
            <label htmlFor={`${id}-file`}>{t('import.file')}</label>
            <p id={`${id}-file-hint`} className="field-hint">
              {t('import.fileHint')}{' '}
              <a href={apiUrl(`import_template.csv?lang=${locale}`)} download>
                {t('import.template')}
              </a>
            </p>
            <input
              id={`${id}-file`}
              type="file"
              accept={ACCEPTED}
              aria-describedby={`${id}-file-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-url`}>{t('import.url')}</label>
            <p id={`${id}-url-hint`} className="field-hint">
              {t('import.urlHint')}
            </p>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={url}
              aria-describedby={`${id}-url-hint`}
              onChange={(event) => setUrl(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {t('import.preview')}
            </button>
            {busy && <span role="status">{t('import.reading')}</span>}
          </div>
        </form>
      )}
      {step.step === 'choose' && <ImportSubscription locale={locale} onPreview={(address) => show({ url: address })} />}
      {step.step === 'preview' && (
        <ImportPreview
          locale={locale}
          source={step.source}
          rows={step.rows}
          onApply={(rows) => apply(step.id, rows)}
          onDiscard={() => {
            // A new start: the file and address chosen before are gone, as the empty form shows.
            setFile(null);
            setUrl('');
            setStep({ step: 'choose' });
          }}
        />
      )}
      {step.step === 'done' && <Imported markets={step.markets} />}
    </div>
  );
}

/** The markets the import wrote, each a link to its history ("importiert aus …"). */
function Imported({ markets }: { markets: { id: string; title: string }[] }) {
  const { t } = useTranslation();
  const heading = useFocusOnShow();
  return (
    <section aria-labelledby="import-done" className="import-done">
      <h3 id="import-done" tabIndex={-1} ref={heading}>
        {t('import.applied', { count: markets.length })}
      </h3>
      <ul>
        {markets.map((market) => (
          <li key={market.id}>
            <ViewLink market={market.id} view="history" className="button-link">
              {t('import.historyOf', { title: market.title })}
            </ViewLink>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" onClick={() => openMarket(null)}>
          {t('markets.backToList')}
        </button>
      </p>
    </section>
  );
}

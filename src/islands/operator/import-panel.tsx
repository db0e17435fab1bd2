import { useId, useRef, useState, type FormEvent } from 'react';
import type { Locale } from '../../lib/languages.ts';
import { apiUrl, callApi } from '../../stores/api-client.ts';
import type { ImportRow } from '../../stores/market-imports.ts';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { ImportPreview } from '../markets/import-preview.tsx';
import { WithViewWords } from '../view-words.tsx';

type MunicipalityRow = ImportRow & { gkz: string | null; municipality: string | null };

/**
 * Issue 54: the operator imports one spreadsheet for many municipalities (a GKZ column): a preview
 * with a heading per municipality, the rows picked applied in one step, each change recorded as
 * the operator's in that municipality's history.
 */
export function ImportPanel({ locale, onChange }: { locale: Locale; onChange: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ id: string; source: string; rows: MunicipalityRow[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  // When the preview goes (applied or discarded), the focus goes back to the panel's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => {
    setPreview(null);
    setFile(null);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const read = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    setError(null);
    if (!file) return setError(t('operator.import.noFile'));
    setBusy(true);
    try {
      const form = new FormData();
      form.set('file', file);
      const answer = await callApi<{ id: string; rows: MunicipalityRow[] }>('operator/import_preview', { form });
      setPreview({ ...answer, source: file.name });
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };
  const apply = async (previewId: string, rows: number[]): Promise<void> => {
    const written = await callApi<{ markets: number; municipalities: number }>('operator/import_apply', {
      fields: { id: previewId, rows: rows.join(',') },
    });
    close();
    setMessage(t('operator.import.done', { markets: written.markets, municipalities: written.municipalities }));
    onChange();
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t('operator.import.heading')}
      </h2>
      {!preview && (
        <form onSubmit={(event) => void read(event)} noValidate aria-labelledby={`${id}-heading`}>
          <p>{t('operator.import.intro')}</p>
          <div className="field">
            <label htmlFor={`${id}-file`}>{t('operator.import.file')}</label>
            <p id={`${id}-hint`} className="field-hint">
              <a href={apiUrl(`import_template.csv?lang=${locale}&municipalities=1`)} download>
                {t('operator.import.template')}
              </a>
            </p>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
          <p className="form-actions">
            <button type="submit" disabled={busy}>
              {t('operator.import.preview')}
            </button>
            {busy && <span role="status">{t('operator.import.reading')}</span>}
          </p>
        </form>
      )}
      {preview && (
        <WithViewWords view="import" locale={locale} loading={<p role="status">{t('app.loading')}</p>}>
          <ImportPreview
            locale={locale}
            source={preview.source}
            rows={preview.rows}
            groupOf={(row) => {
              const { gkz, municipality } = row as MunicipalityRow;
              return gkz && municipality
                ? t('operator.import.municipality', { name: municipality, gkz })
                : t('operator.import.noMunicipality');
            }}
            onApply={(rows) => apply(preview.id, rows)}
            onDiscard={close}
          />
        </WithViewWords>
      )}
      <p role="status">{message}</p>
    </section>
  );
}

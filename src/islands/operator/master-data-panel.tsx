import { useState, type ChangeEvent } from 'react';
import { callApi } from '../../stores/api-client.ts';
import { FieldFrame } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { MasterDataChanges, type MasterDataPreview } from './master-data-changes.tsx';

type List = 'municipalities' | 'districts';

/**
 * Issue 22: Statistik Austria's two lists, chosen as files or pasted, previewed, then applied. The
 * apply button belongs to the preview of exactly the text shown: an edit after the preview takes it away.
 */
export function MasterDataPanel({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation();
  const [lists, setLists] = useState<Record<List, string>>({ municipalities: '', districts: '' });
  const [preview, setPreview] = useState<MasterDataPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const edit = (list: List, text: string) => {
    setLists((current) => ({ ...current, [list]: text }));
    setPreview(null);
  };
  const choose = (list: List) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file)
      file.text().then(
        (text) => edit(list, text),
        (error: unknown) => setMessage(messageOf(error, t)),
      );
  };
  const send = async (apply: boolean) => {
    setBusy(true);
    setMessage('');
    try {
      const answer = await callApi<MasterDataPreview>('operator/master_data', {
        fields: { ...lists, apply: String(apply) },
      });
      setPreview(apply ? null : answer);
      if (apply) {
        setMessage(t('operator.masterData.applied', { count: answer.changes.length }));
        onChange();
      }
    } catch (error) {
      setPreview(null);
      setMessage(messageOf(error, t));
    } finally {
      setBusy(false);
    }
  };
  const list = (name: List) => (
    <>
      <FieldFrame id={`master-data-${name}`} label={t(`operator.masterData.${name}`)}>
        {(control) => (
          <textarea
            {...control}
            name={name}
            rows={4}
            spellCheck={false}
            value={lists[name]}
            onChange={(event) => edit(name, event.target.value)}
          />
        )}
      </FieldFrame>
      <FieldFrame id={`master-data-${name}-file`} label={t(`operator.masterData.${name}File`)}>
        {(control) => <input {...control} type="file" accept=".csv,text/csv,text/plain" onChange={choose(name)} />}
      </FieldFrame>
    </>
  );

  return (
    <section aria-labelledby="master-data-panel-heading">
      <h2 id="master-data-panel-heading">{t('operator.masterData.heading')}</h2>
      <p>{t('operator.masterData.intro')}</p>
      {list('municipalities')}
      {list('districts')}
      <p className="form-actions">
        <button type="button" disabled={busy} onClick={() => void send(false)}>
          {t('operator.masterData.preview')}
        </button>
      </p>
      {preview && (
        <>
          <MasterDataChanges preview={preview} />
          {preview.changes.length > 0 && (
            <p className="form-actions">
              <button type="button" disabled={busy} onClick={() => void send(true)}>
                {t('operator.masterData.apply')}
              </button>
            </p>
          )}
        </>
      )}
      <p role="status">{message}</p>
    </section>
  );
}

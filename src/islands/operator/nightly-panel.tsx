import { useEffect, useState } from 'react';
import { viennaTimeFormatter } from '../../lib/directory/format.ts';
import type { Locale } from '../../lib/languages.ts';
import { callApi } from '../../stores/api-client.ts';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

interface NightlyRun {
  started_at: string;
  finished_at: string;
  ok: boolean;
  output: string;
}

/** Issue 22: the last `npm run nightly` — whether it succeeded, when, and what it printed. */
export function NightlyPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const minute = viennaTimeFormatter(locale);
  const [run, setRun] = useState<NightlyRun | null | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    callApi<{ run: NightlyRun | null }>('operator/nightly')
      .then((answer) => setRun(answer.run))
      .catch((error: unknown) => setMessage(messageOf(error, t)));
  }, [t]);
  const times = run && { started: minute(run.started_at), finished: minute(run.finished_at) };

  return (
    <section aria-labelledby="nightly-panel-heading">
      <h2 id="nightly-panel-heading">{t('operator.nightly.heading')}</h2>
      {run === null && <p>{t('operator.nightly.none')}</p>}
      {run && times && (
        <>
          <p>
            <span className={run.ok ? 'badge' : 'badge badge-cancelled'}>
              {t(run.ok ? 'operator.nightly.ok' : 'operator.nightly.failed', times)}
            </span>
          </p>
          {/* The output can be long and wide: it scrolls, and takes the focus so a keyboard can scroll it. */}
          <pre
            role="region"
            aria-label={t('operator.nightly.output')}
            tabIndex={0}
            style={{ maxHeight: '20rem', overflow: 'auto', whiteSpace: 'pre' }}
          >
            {run.output}
          </pre>
        </>
      )}
      <p role="status">{message}</p>
    </section>
  );
}

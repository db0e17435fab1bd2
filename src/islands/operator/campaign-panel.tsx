import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { MunicipalityState } from '../../lib/campaign.ts';
import { dayFormatter, viennaTimeFormatter } from '../../lib/directory/format.ts';
import { stateNameOf } from '../../lib/directory/names.ts';
import type { Locale } from '../../lib/languages.ts';
import { apiUrl, callApi } from '../../stores/api-client.ts';
import { Field } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';
import { SendReminders } from './send-reminders.tsx';
import { useTranslation } from '../i18n.tsx';
import { CloseCampaign } from './close-campaign.tsx';

type Counts = Record<MunicipalityState, number>;
interface Progress {
  campaign: { year: number; deadline: string; closed_at: string | null };
  totals: Counts;
  states: { name: string; code: number; counts: Counts }[];
  municipalities: { gkz: string; name: string; district: string; state_code: number; status: MunicipalityState }[];
}
const STATES: MunicipalityState[] = ['confirmed', 'changed', 'not_yet', 'no_account'];

/** Issue 22: open the year's campaign, follow it per state and municipality, remind, export. */
export function CampaignPanel({ locale, onChange }: { locale: Locale; onChange: () => void }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [message, setMessage] = useState('');
  const [shown, setShown] = useState<MunicipalityState>('confirmed');
  const [busy, setBusy] = useState(false);
  const [year, setYear] = useState(String(new Date().getFullYear() + 1));
  const [deadline, setDeadline] = useState('');
  const day = dayFormatter(locale, { weekday: undefined, year: 'numeric' });
  const load = useCallback(() => {
    callApi<Progress | null>('operator/campaign')
      .then(setProgress)
      .catch((error: unknown) => setMessage(messageOf(error, t)));
  }, []);
  useEffect(load, [load]);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setMessage('');
    try {
      setMessage(await work());
      load();
      onChange();
    } catch (error) {
      setMessage(messageOf(error, t));
    } finally {
      setBusy(false);
    }
  };
  const open = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      await callApi('operator/campaign', { fields: { year, deadline } });
      return t('operator.campaign.opened', { year });
    });
  };
  const close = (closing: number) =>
    run(async () => {
      await callApi('operator/campaign/close', { fields: { year: String(closing) } });
      return t('operator.campaign.closed', { year: closing });
    });
  const remind = () =>
    run(async () => {
      let mails = 0;
      for (;;) {
        const batch = await callApi<{ mails: number; failed: number; remaining: number }>(
          'operator/campaign/reminders',
          { fields: { batch_size: '100' } },
        );
        mails += batch.mails;
        if (batch.remaining === 0) return t('operator.campaign.reminded', { count: mails });
        // A batch whose every mail failed stays due: asking again would send it again, without end.
        if (batch.mails === 0 && batch.failed > 0)
          return t('operator.reminders.failed', { count: mails, failed: batch.failed });
      }
    });

  return (
    <section aria-labelledby="campaign-panel-heading">
      <h2 id="campaign-panel-heading">{t('operator.campaign.heading')}</h2>
      <form onSubmit={open} className="operator-form">
        <Field
          id="campaign-year"
          name="year"
          label={t('operator.campaign.year')}
          inputMode="numeric"
          value={year}
          onChange={(event) => setYear(event.target.value)}
          onBlur={() => {}}
        />
        <Field
          id="campaign-deadline"
          name="deadline"
          inputMode="numeric"
          label={t('operator.campaign.deadline')}
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
          onBlur={() => {}}
        />
        <button type="submit" disabled={busy}>
          {t('operator.campaign.open')}
        </button>
      </form>
      {progress && (
        <>
          <p>
            {progress.campaign.closed_at
              ? t('operator.campaign.closedState', {
                  year: progress.campaign.year,
                  deadline: day(progress.campaign.deadline),
                  closed: viennaTimeFormatter(locale)(progress.campaign.closed_at),
                })
              : t('operator.campaign.running', {
                  year: String(progress.campaign.year),
                  deadline: day(progress.campaign.deadline),
                })}
          </p>
          {/* A phone is narrower than the five columns: the table scrolls, and takes the focus to be scrolled by keyboard. */}
          <div role="region" aria-label={t('operator.campaign.byState')} tabIndex={0} style={{ overflowX: 'auto' }}>
            <table className="data-table">
              <caption>{t('operator.campaign.byState')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('operator.csv.state')}</th>
                  {STATES.map((state) => (
                    <th scope="col" key={state}>
                      {t(`campaign.status.${state}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[
                  ...progress.states.map((state) => ({ name: stateNameOf(state.code, t), counts: state.counts })),
                  { name: t('operator.campaign.total'), counts: progress.totals },
                ].map((row) => (
                  <tr key={row.name}>
                    <th scope="row">{row.name}</th>
                    {STATES.map((state) => (
                      <td key={state} className="figure">
                        {row.counts[state]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="form-actions">
            {/* A closed campaign sends no reminders and cannot be closed again; its list stays downloadable. */}
            {!progress.campaign.closed_at && <SendReminders disabled={busy} onSend={() => void remind()} />}
            <a
              className="button"
              href={`${apiUrl('operator/campaign.csv')}?lang=${document.documentElement.lang}`}
              download
            >
              {t('operator.campaign.csv')}
            </a>
            {!progress.campaign.closed_at && (
              <CloseCampaign
                year={progress.campaign.year}
                disabled={busy}
                onClose={() => void close(progress.campaign.year)}
              />
            )}
          </p>
          <div className="field">
            <label htmlFor="campaign-shown">{t('operator.campaign.show')}</label>
            <select
              id="campaign-shown"
              value={shown}
              onChange={(event) => setShown(event.target.value as MunicipalityState)}
            >
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`campaign.status.${state}`)}
                </option>
              ))}
            </select>
          </div>
          <ul className="operator-list" aria-label={t(`campaign.status.${shown}`)}>
            {progress.municipalities
              .filter((m) => m.status === shown)
              .slice(0, 200)
              .map((m) => (
                <li key={m.gkz}>
                  {m.gkz} {m.name} ({m.district}, {stateNameOf(m.state_code, t)}): {t(`campaign.status.${m.status}`)}
                </li>
              ))}
          </ul>
        </>
      )}
      <p role="status">{message}</p>
    </section>
  );
}

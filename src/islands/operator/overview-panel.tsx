import { useEffect, useState } from 'react';
import { dayFormatter, viennaTimeFormatter } from '../../lib/directory/format.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import { formatCount } from '../../lib/numbers.ts';
import { callApi } from '../../stores/api-client.ts';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { useAuditWords, type Action } from './audit-panel.tsx';

/** The wire shape of `GET /api/operator/overview` (services/operator-overview.ts). */
interface Overview {
  campaign: {
    year: number;
    deadline: string;
    closed: boolean;
    confirmed_municipalities: number;
    municipalities: number;
  } | null;
  nightly: { finished_at: string; ok: boolean } | null;
  waiting: {
    total: number;
    registrations: { email: string; gkz: string | null; municipality: string | null; since: string }[];
  };
  audit: Action[];
}

/**
 * Issue 55: the console's first screen, an operator's desk after login: the campaign's progress,
 * the last nightly run, the registrations waiting for their mail, the latest log entries — each
 * with the way to its section below. `revision` reads it again after a change.
 */
export function OverviewPanel({ locale, revision }: { locale: Locale; revision: number }) {
  const { t } = useTranslation();
  const time = viennaTimeFormatter(locale);
  const day = dayFormatter(locale, { weekday: undefined, year: 'numeric' });
  const words = useAuditWords();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    callApi<Overview>('operator/overview')
      .then(setOverview)
      .catch((error: unknown) => setMessage(messageOf(error, t)));
  }, [revision, t]);
  const toSection = (heading: string, section: string) => (
    <a href={`#${heading}`}>{t('operator.overview.toSection', { section })}</a>
  );
  const { campaign, nightly, waiting, audit } = overview ?? {};

  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading">{t('operator.overview.heading')}</h2>
      {overview && (
        <ul className="overview">
          <li>
            <h3>{t('operator.campaign.heading')}</h3>
            <p>
              {campaign
                ? t(campaign.closed ? 'operator.overview.campaignClosed' : 'operator.overview.campaign', {
                    year: campaign.year,
                    confirmed: formatCount(locale, campaign.confirmed_municipalities),
                    total: formatCount(locale, campaign.municipalities),
                    deadline: day(campaign.deadline),
                  })
                : t('operator.overview.noCampaign')}
            </p>
            {toSection('campaign-panel-heading', t('operator.campaign.heading'))}
          </li>
          <li>
            <h3>{t('operator.nightly.heading')}</h3>
            <p>
              {nightly
                ? t(nightly.ok ? 'operator.overview.nightlyOk' : 'operator.overview.nightlyFailed', {
                    finished: time(nightly.finished_at),
                  })
                : t('operator.nightly.none')}
            </p>
            {toSection('nightly-panel-heading', t('operator.nightly.heading'))}
          </li>
          <li>
            <h3>{t('operator.overview.waitingHeading')}</h3>
            <p>
              {waiting?.total
                ? t('operator.overview.waiting', { count: waiting.total, waiting: formatCount(locale, waiting.total) })
                : t('operator.overview.noneWaiting')}
            </p>
            {waiting && waiting.registrations.length > 0 && (
              <ul className="operator-list">
                {waiting.registrations.map((r) => (
                  <li key={r.email}>
                    {r.email}
                    {r.gkz && r.municipality && (
                      <>
                        {' · '}
                        <a href={localizedPath(`/verwaltung/gemeinde/${r.gkz}`, locale)}>{r.municipality}</a>
                      </>
                    )}{' '}
                    · <time dateTime={r.since}>{time(r.since)}</time>
                  </li>
                ))}
              </ul>
            )}
            {toSection('accounts-panel-heading', t('operator.accounts.heading'))}
          </li>
          <li>
            <h3>{t('operator.overview.auditHeading')}</h3>
            {audit?.length ? (
              <ul className="operator-list">
                {audit.map((a) => (
                  <li key={a.id}>
                    <time dateTime={a.at}>{time(a.at)}</time> · {words(a)}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('operator.audit.empty')}</p>
            )}
            {toSection('audit-panel-heading', t('operator.audit.heading'))}
          </li>
        </ul>
      )}
      <p role="status">{message}</p>
    </section>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { dayFormatter } from '../../lib/directory/format.ts';
import type { Locale } from '../../lib/languages.ts';
import { ApiRequestError, callApi } from '../../stores/api-client.ts';
import { useOwnMarkets } from '../markets/own-markets.ts';
import { useTranslation } from '../i18n.tsx';

interface ClerkCampaign {
  year: number;
  deadline: string;
  status: 'confirmed' | 'changed' | 'not_yet' | 'no_account';
  markets: Record<string, 'confirmed' | 'changed' | 'open'>;
}

/**
 * Issue 22: while the provider's update campaign runs, the clerk reads "Bitte prüfen Sie Ihre
 * Märkte für 2027 bis 15. Jänner" above the markets and confirms, per market or all at once, that
 * the year's data is complete. A save changes a market's version, and the banner asks again: the
 * server has undone that market's confirmation.
 */
export function CampaignBanner({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const markets = useOwnMarkets(locale);
  const [campaign, setCampaign] = useState<ClerkCampaign | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const revision = markets
    .map(({ market, dates }) => [market.id, market.version, ...dates.map((d) => d.version)].join(':'))
    .join();

  useEffect(() => {
    let current = true;
    callApi<{ campaign: ClerkCampaign | null }>('campaign')
      .then((answer) => current && setCampaign(answer.campaign))
      .catch(() => current && setCampaign(null));
    return () => {
      current = false;
    };
  }, [revision]);

  const confirm = useCallback(async (marketId?: string) => {
    setBusy(true);
    setMessage('');
    try {
      const answer = await callApi<{ campaign: ClerkCampaign }>('campaign/confirm', {
        fields: marketId ? { market_id: marketId } : {},
      });
      setCampaign(answer.campaign);
    } catch (error) {
      setMessage(error instanceof ApiRequestError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }, []);

  if (!campaign) return null;
  const year = String(campaign.year);
  const deadline = dayFormatter(locale, { weekday: undefined, year: 'numeric' })(campaign.deadline);
  const done = campaign.status === 'confirmed';
  return (
    <section className="campaign-banner" aria-labelledby="campaign-heading">
      <h3 id="campaign-heading">
        {done ? t('campaign.allConfirmed', { year }) : t('campaign.banner', { year, deadline })}
      </h3>
      {!done && <p>{t('campaign.bannerText', { year })}</p>}
      <ul className="campaign-markets">
        {markets.map(({ market }) => {
          const state = campaign.markets[market.id] ?? 'open';
          return (
            <li key={market.id}>
              <span>{market.title}</span>{' '}
              {state === 'confirmed' ? (
                <span className="badge">{t('campaign.marketConfirmed', { year })}</span>
              ) : (
                <>
                  {state === 'changed' && <span className="badge">{t('campaign.marketChanged')}</span>}{' '}
                  <button
                    type="button"
                    className="button-link"
                    disabled={busy}
                    aria-describedby={`campaign-market-${market.id}`}
                    onClick={() => void confirm(market.id)}
                  >
                    {t('campaign.confirmMarket', { year })}
                  </button>
                  <span id={`campaign-market-${market.id}`} hidden>
                    {market.title}
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {!done && (
        <p className="form-actions">
          <button type="button" disabled={busy} onClick={() => void confirm()}>
            {t('campaign.confirmAll')}
          </button>
        </p>
      )}
      <p role="status" className="muted">
        {message}
      </p>
    </section>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { campaignLook } from '../../lib/campaign-look.ts';
import { dayFormatter } from '../../lib/directory/format.ts';
import type { Locale } from '../../lib/languages.ts';
import { viennaYear } from '../../lib/market-rules.ts';
import { ApiRequestError, callApi } from '../../stores/api-client.ts';
import { $appState } from '../../stores/app-state.ts';
import { useFocusOnShow } from '../forms/heading.tsx';
import { useOwnMarkets } from '../markets/own-markets.ts';
import { useTranslation } from '../i18n.tsx';

interface ClerkCampaign {
  year: number;
  deadline: string;
  status: 'confirmed' | 'changed' | 'not_yet' | 'no_account';
  markets: Record<string, 'confirmed' | 'changed' | 'open'>;
}

/** The list switches to the campaign's year once a page load (issue 53); the clerk may switch back. */
let switchedToCampaignYear = false;

/**
 * Issue 22: while the provider's update campaign runs, the clerk reads "Bitte prüfen Sie Ihre
 * Märkte für 2027 bis 15. Jänner" above the markets and confirms, per market or all at once, that
 * the year's data is complete. A save changes a market's version, and the banner asks again: the
 * server has undone that market's confirmation. Issue 53: a checklist — each market says what needs
 * a look, and "all" covers only the markets shown with dates that year, after a summary of the rest.
 */
export function CampaignBanner({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const markets = useOwnMarkets(locale);
  const [campaign, setCampaign] = useState<ClerkCampaign | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
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

  useEffect(() => {
    if (!campaign || switchedToCampaignYear) return;
    switchedToCampaignYear = true;
    const thisYear = viennaYear(new Date());
    if (campaign.year === thisYear || campaign.year === thisYear + 1) $appState.setKey('selectedYear', campaign.year);
  }, [campaign]);

  // What each market needs, once: the list, the count "all" covers and the review read it.
  const looks = campaign ? markets.map((own) => ({ ...own, look: campaignLook(own, campaign.year) })) : [];
  const open = looks.filter(({ market }) => campaign?.markets[market.id] !== 'confirmed');
  const left = open.flatMap(({ market, look }) => (look ? [{ market, look }] : []));
  const covered = open.length - left.length;

  const confirm = useCallback(
    async (marketId?: string, leftOpen = 0) => {
      setBusy(true);
      setMessage('');
      try {
        const answer = await callApi<{ campaign: ClerkCampaign }>('campaign/confirm', {
          fields: marketId ? { market_id: marketId } : {},
        });
        setCampaign(answer.campaign);
        setReviewing(false);
        if (leftOpen > 0) {
          setMessage(t('campaign.confirmedButLeft', { count: leftOpen }));
          heading.current?.focus();
        }
      } catch (error) {
        setMessage(error instanceof ApiRequestError ? error.message : String(error));
      } finally {
        setBusy(false);
      }
    },
    [t],
  );

  if (!campaign) return null;
  const year = String(campaign.year);
  const deadline = dayFormatter(locale, { weekday: undefined, year: 'numeric' })(campaign.deadline);
  const done = campaign.status === 'confirmed';
  const confirmAll = () => (left.length > 0 ? setReviewing(true) : void confirm());
  return (
    <section className="campaign-banner" aria-labelledby="campaign-heading">
      <h3 id="campaign-heading" ref={heading} tabIndex={-1}>
        {done ? t('campaign.allConfirmed', { year }) : t('campaign.banner', { year, deadline })}
      </h3>
      {!done && <p>{t('campaign.bannerText', { year })}</p>}
      <ul className="campaign-markets">
        {looks.map(({ market, look }) => {
          const state = campaign.markets[market.id] ?? 'open';
          return (
            <li key={market.id}>
              <span>{market.title}</span>{' '}
              {state === 'confirmed' ? (
                <span className="badge">{t('campaign.marketConfirmed', { year })}</span>
              ) : (
                <>
                  {state === 'changed' && <span className="badge">{t('campaign.marketChanged')}</span>}{' '}
                  {look && <span className="badge badge-pending">{t(`campaign.look.${look}`, { year })}</span>}{' '}
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
      {!done && !reviewing && (
        <p className="form-actions">
          <button type="button" id="campaign-confirm-all" disabled={busy} onClick={confirmAll}>
            {t('campaign.confirmAll')}
          </button>
        </p>
      )}
      {!done && reviewing && (
        <CampaignReview
          count={left.length}
          text={t('campaign.reviewText', { year })}
          items={left.map(({ market, look }) => ({
            id: market.id,
            text: t('form.namedLine', { name: market.title, text: t(`campaign.look.${look}`, { year }) }),
          }))}
          confirmLabel={covered > 0 ? t('campaign.confirmShown', { count: covered }) : null}
          busy={busy}
          onConfirm={() => void confirm(undefined, left.length)}
          onBack={() => {
            setReviewing(false);
            requestAnimationFrame(() => document.getElementById('campaign-confirm-all')?.focus());
          }}
        />
      )}
      <p role="status" className="muted">
        {message}
      </p>
    </section>
  );
}

interface CampaignReviewProps {
  count: number;
  text: string;
  items: { id: string; text: string }[];
  /** Null when no market is covered: only "back" is left. */
  confirmLabel: string | null;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/** The summary before "confirm all" (issue 53): which markets it leaves open and why; focus moves to it. */
function CampaignReview({ count, text, items, confirmLabel, busy, onConfirm, onBack }: CampaignReviewProps) {
  const { t } = useTranslation();
  const heading = useFocusOnShow();
  return (
    <div className="campaign-review" role="group" aria-labelledby="campaign-review-heading">
      <h4 id="campaign-review-heading" ref={heading} tabIndex={-1}>
        {t('campaign.reviewHeading', { count })}
      </h4>
      <p>{text}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{item.text}</li>
        ))}
      </ul>
      <p className="form-actions">
        {confirmLabel && (
          <button type="button" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        )}
        <button type="button" className="button-secondary" disabled={busy} onClick={onBack}>
          {t('campaign.back')}
        </button>
      </p>
    </div>
  );
}

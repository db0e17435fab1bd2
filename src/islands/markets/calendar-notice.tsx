import { useEffect, useState } from 'react';
import { IMPORT_MARKETS } from '../../stores/market-route.ts';
import {
  markSubscriptionSeen,
  readSubscription,
  type CalendarSubscription,
} from '../../stores/calendar-subscription.ts';
import { useTranslation } from '../i18n.tsx';
import { ViewLink } from './view-link.tsx';

/**
 * Issue 54: what last night's import of the municipality's calendar did — markets taken over, some
 * waiting for a decision, or a calendar that could not be read — until a clerk dismisses it. A
 * municipality without a subscribed calendar, or a night that brought nothing, shows nothing.
 */
export function CalendarNotice() {
  const { t } = useTranslation();
  const [subscription, setSubscription] = useState<CalendarSubscription | null>(null);
  useEffect(() => {
    // The list is whole without it: a failure to ask leaves the notice out.
    readSubscription().then(setSubscription, () => {});
  }, []);
  const outcome = subscription?.outcome;
  const news = outcome && (outcome.applied.length > 0 || outcome.waiting.length > 0 || outcome.error);
  if (!subscription || subscription.seen || !news) return null;
  const dismiss = () => {
    setSubscription({ ...subscription, seen: true });
    // The notice goes: the focus goes to the list's heading, not to the page's start.
    document.getElementById('markets-heading')?.focus();
    void markSubscriptionSeen().catch(() => {});
  };
  return (
    <section className="calendar-notice" aria-labelledby="calendar-notice-heading">
      <h3 id="calendar-notice-heading">{t('calendar.notice')}</h3>
      <p>{subscription.summary}</p>
      <p className="form-actions">
        <ViewLink market={IMPORT_MARKETS} className="button">
          {t('calendar.open')}
        </ViewLink>
        <button type="button" className="button-secondary" onClick={dismiss}>
          {t('calendar.dismiss')}
        </button>
      </p>
    </section>
  );
}

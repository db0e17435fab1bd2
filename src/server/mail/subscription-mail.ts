import { translator, type Translate } from '../../lib/i18n.ts';
import { localizedPath } from '../../lib/languages.ts';
import type { SubscriptionOutcome } from '../db/queries/calendar-subscriptions.ts';
import { linesMail, type MailContext } from './account-mails.ts';
import type { Mail } from './mailer.ts';

/**
 * Issue 54: what the nightly import of the municipality's calendar did, to its clerks in their
 * language: the markets it took over, those waiting for a decision, or why it could not read the
 * calendar. The link opens the import, where a preview of the address shows each decision.
 */
export function subscriptionMail(
  to: string,
  { municipality, url, outcome }: { municipality: string; url: string; outcome: SubscriptionOutcome },
  context: MailContext,
): Mail {
  const t = translator(context.locale);
  const link = `${context.baseUrl}${localizedPath('/maerkte', context.locale)}?markt=importieren`;
  const list = (titles: readonly string[]) => titles.map((title) => `– ${title}`).join('\n');
  const lines = [
    t('mail.greeting'),
    t('mail.subscription.text', { municipality, url }),
    ...(outcome.error ? [outcomeWords(outcome, t)] : []),
    ...(outcome.applied.length > 0
      ? [t('subscription.applied', { count: outcome.applied.length }), list(outcome.applied)]
      : []),
    ...(outcome.waiting.length > 0
      ? [t('subscription.waiting', { count: outcome.waiting.length }), list(outcome.waiting)]
      : []),
    link,
    t('mail.subscription.how'),
    t('mail.signature', { provider: context.providerName }),
  ];
  const subject = outcome.error
    ? t('mail.subscription.subjectFailed', { municipality })
    : t('mail.subscription.subject', { municipality });
  return linesMail(to, subject, lines, link, context.locale);
}

/** The nightly run's outcome in a sentence or three, for the mail and the clerk's markets screen. */
export function outcomeWords(outcome: SubscriptionOutcome, t: Translate): string {
  if (outcome.error)
    return t('subscription.failed', { reason: t(`errors.${outcome.error}` as Parameters<Translate>[0]) });
  const said = [
    ...(outcome.applied.length > 0 ? [t('subscription.applied', { count: outcome.applied.length })] : []),
    ...(outcome.waiting.length > 0 ? [t('subscription.waiting', { count: outcome.waiting.length })] : []),
    ...(outcome.refused > 0 ? [t('subscription.refused', { count: outcome.refused })] : []),
  ];
  return said.length > 0 ? said.join(' ') : t('subscription.nothing');
}

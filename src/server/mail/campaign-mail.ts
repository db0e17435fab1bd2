import { dayFormatter } from '../../lib/directory/format.ts';
import { translator } from '../../lib/i18n.ts';
import { localizedPath } from '../../lib/languages.ts';
import { linesMail, type MailContext } from './account-mails.ts';
import type { Mail } from './mailer.ts';

/** The yearly campaign's reminder (issue 22), in the clerk's language, as plain text and HTML. */
export function campaignReminderMail(
  to: string,
  campaign: { year: number; deadline: string; municipality: string },
  context: MailContext,
): Mail {
  const t = translator(context.locale);
  const deadline = dayFormatter(context.locale, { weekday: undefined, year: 'numeric' })(campaign.deadline);
  const link = `${context.baseUrl}${localizedPath('/maerkte', context.locale)}`;
  const values = {
    year: String(campaign.year),
    deadline,
    municipality: campaign.municipality,
    site: context.siteTitle,
  };
  const lines = [
    t('mail.greeting'),
    t('mail.campaign.text', values),
    link,
    t('mail.campaign.how', values),
    t('mail.signature', { provider: context.providerName }),
  ];
  return linesMail(to, t('mail.campaign.subject', values), lines, link, context.locale);
}

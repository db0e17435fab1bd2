import { translator } from '../../lib/i18n.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import type { Config } from '../config.ts';
import type { Mail } from './mailer.ts';

/** Whom a mail answers: the user's language, and the portal's address for its links (config.ts, mailBaseUrl). */
export interface MailReply {
  locale: Locale;
  baseUrl: string;
}

export interface MailContext {
  locale: Locale;
  baseUrl: string;
  siteTitle: string;
  providerName: string;
}

/** What an account mail says of the portal, with whom to ask (the provider's contact address). */
export function mailContextOf(
  config: Pick<Config, 'SITE_TITLE' | 'PROVIDER_NAME' | 'CONTACT_EMAIL'>,
  { locale, baseUrl }: MailReply,
): MailContext & { contactEmail: string } {
  return {
    locale,
    baseUrl,
    siteTitle: config.SITE_TITLE,
    providerName: config.PROVIDER_NAME,
    contactEmail: config.CONTACT_EMAIL,
  };
}

/** The confirmation or reset mail, in the user's language, as plain text and HTML. */
export function accountMail(kind: 'confirm' | 'reset', to: string, token: string, context: MailContext): Mail {
  const t = translator(context.locale);
  const link = `${context.baseUrl}${localizedPath(`/anmelden/${token}`, context.locale)}`;
  const text = t(kind === 'confirm' ? 'mail.confirm.text' : 'mail.reset.text', { site: context.siteTitle });
  return mailOf(to, t(kind === 'confirm' ? 'mail.confirm.subject' : 'mail.reset.subject'), [text], link, context);
}

/**
 * Issue 49: `register` answers every address alike, so what differs goes to the mailbox: an
 * address not on file hears whom its municipality asks (`contactEmail`), one with an account is
 * pointed to logging in or a new password. Both link the login page, which has neither token nor secret.
 */
export function registrationNotice(
  kind: 'not_on_file' | 'has_account',
  to: string,
  context: MailContext & { contactEmail: string },
): Mail {
  const t = translator(context.locale);
  const link = `${context.baseUrl}${localizedPath('/anmelden', context.locale)}`;
  const site = context.siteTitle;
  const texts =
    kind === 'not_on_file'
      ? [t('mail.notOnFile.text', { site, email: context.contactEmail }), t('mail.notOnFile.link')]
      : [t('mail.hasAccount.text', { site, forgot: t('login.forgotPassword') })];
  return mailOf(to, t('mail.registration.subject', { site }), texts, link, context);
}

function mailOf(to: string, subject: string, texts: string[], link: string, context: MailContext): Mail {
  const t = translator(context.locale);
  const lines = [
    t('mail.greeting'),
    ...texts,
    link,
    t('mail.ignore'),
    t('mail.signature', { provider: context.providerName }),
  ];
  return linesMail(to, subject, lines, link, context.locale);
}

/** A mail of paragraphs, as plain text and HTML; the paragraph that is `link` is a link in the HTML. */
export function linesMail(to: string, subject: string, lines: readonly string[], link: string, locale: Locale): Mail {
  const html = lines
    .map((line) =>
      line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: `<!doctype html>\n<html lang="${locale}"><body>\n${html}\n</body></html>`,
    link,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

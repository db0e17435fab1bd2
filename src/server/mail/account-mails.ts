import { translator } from '../../lib/i18n.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import type { Mail } from './mailer.ts';

export interface MailContext {
  locale: Locale;
  baseUrl: string;
  siteTitle: string;
  providerName: string;
}

/** The confirmation or reset mail, in the user's language, as plain text and HTML. */
export function accountMail(kind: 'confirm' | 'reset', to: string, token: string, context: MailContext): Mail {
  const t = translator(context.locale);
  const link = `${context.baseUrl}${localizedPath(`/anmelden/${token}`, context.locale)}`;
  const lines = [
    t('mail.greeting'),
    t(kind === 'confirm' ? 'mail.confirm.text' : 'mail.reset.text', { site: context.siteTitle }),
    link,
    t('mail.ignore'),
    t('mail.signature', { provider: context.providerName }),
  ];
  const html = lines
    .map((line) =>
      line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return {
    to,
    subject: t(kind === 'confirm' ? 'mail.confirm.subject' : 'mail.reset.subject'),
    text: lines.join('\n\n'),
    html: `<!doctype html>\n<html lang="${context.locale}"><body>\n${html}\n</body></html>`,
    link,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

import { useEffect } from 'react';
import { useTranslation } from '../i18n.tsx';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { AppRoot } from '../app-root/app-root.tsx';
import { ConfirmEmail } from './confirm-email.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

interface AccountLinkIslandProps {
  locale: Locale;
  messages: Messages;
  title: string;
  token: string;
  /** What the mailed link is for, as the server found it; null for a link it does not know. */
  purpose: 'confirm_email' | 'reset_password' | null;
}

/** `/anmelden/<token>`: the link of a confirmation or a reset mail. */
export function AccountLinkIsland({ locale, messages, title, token, purpose }: AccountLinkIslandProps) {
  // Issue 15, L4: the token has been read; the address bar and the history keep it no longer.
  useEffect(() => {
    window.history.replaceState(window.history.state, '', localizedPath('/anmelden', locale));
  }, []);
  return (
    <AppRoot locale={locale} messages={messages} title={title}>
      {purpose === 'confirm_email' && <ConfirmEmail token={token} locale={locale} />}
      {purpose === 'reset_password' && <NewPasswordForm token={token} locale={locale} />}
      {purpose === null && <UnknownLink locale={locale} />}
    </AppRoot>
  );
}

function UnknownLink({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('errors.invalid_token')}</p>
      <p>
        <a href={localizedPath('/anmelden', locale)}>{t('confirm.toLogin')}</a>
      </p>
    </>
  );
}

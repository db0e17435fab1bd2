import { useState } from 'react';
import { useSeededStore } from '../app-root/seed.tsx';
import { useTranslation } from '../i18n.tsx';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import { $account, logOutEverywhere, sendConfirmationAgain } from '../../stores/account.ts';
import { notify, notifyOnNextPage } from '../../stores/notices.ts';
import { messageOf } from '../forms/use-form.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * The account's actions: out of every session, a new password, a reminder to confirm the address.
 * Who is logged in and the plain "Abmelden" are the header's alone, on every page (issue 19:
 * components/account-status.astro), so the address is not said twice.
 */
export function AccountBar({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const account = useSeededStore($account, (seed) => seed.account);
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  if (!account) return null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify(messageOf(error, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  const leaveEverywhere = () =>
    run(async () => {
      await logOutEverywhere();
      notifyOnNextPage(t('notice.loggedOutEverywhere'));
      window.location.assign(localizedPath('/anmelden', locale));
    });
  const confirmAgain = () =>
    run(async () => {
      await sendConfirmationAgain(account.email);
      notify(t('notice.confirmationSent'));
    });

  return (
    <div className="account-bar">
      <button type="button" className="button-link" disabled={busy} onClick={() => void leaveEverywhere()}>
        {t('account.logoutEverywhere')}
      </button>
      <button
        type="button"
        className="button-link"
        aria-expanded={changing}
        disabled={busy}
        onClick={() => setChanging(!changing)}
      >
        {t('account.changePassword')}
      </button>
      {changing && (
        <div className="account-password">
          <ChangePasswordForm onDone={() => setChanging(false)} />
        </div>
      )}
      {!account.email_confirmed && (
        <p className="account-unconfirmed">
          {t('account.unconfirmed')}{' '}
          <button type="button" className="button-link" disabled={busy} onClick={() => void confirmAgain()}>
            {t('login.sendConfirmationAgain')}
          </button>
        </p>
      )}
    </div>
  );
}

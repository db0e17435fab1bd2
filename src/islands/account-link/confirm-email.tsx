import { useEffect, useState } from 'react';
import { confirmWithPasswordSchema, REGISTER_CHECK_ORDER } from '../../lib/account.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import { ApiRequestError } from '../../stores/api-client.ts';
import { confirmEmail, sendConfirmationAgain } from '../../stores/account.ts';
import { EmailRequestForm } from '../forms/email-request-form.tsx';
import { FormFailure, NewPasswordFields } from '../forms/field.tsx';
import type { Failure } from '../forms/form-cycle.ts';
import { messageOf, useForm } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { ErrorSummary } from '../forms/error-summary.tsx';

type Step = 'working' | 'password' | 'confirmed' | 'confirmed before' | Failure;

/**
 * Confirms on opening. It runs in the browser, not on the server's GET, so a mail scanner that
 * fetches the link does not use it up. Opened elsewhere than in the browser that registered, the
 * link alone confirms nothing (issue 15, H1): the mailbox's holder chooses the account's password
 * here, so a link a stranger caused still lets the owner make their account (issue 49). The
 * confirmed account is logged in.
 */
export function ConfirmEmail({ token, locale }: { token: string; locale: Locale }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('working');

  useEffect(() => {
    confirmEmail(token).then(
      ({ alreadyConfirmed }) => setStep(alreadyConfirmed ? 'confirmed before' : 'confirmed'),
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.code === 'not_logged_in') setStep('password');
        else setStep({ code: 'unexpected', message: messageOf(error, t) });
      },
    );
  }, []);

  if (step === 'working') return <p role="status">{t('confirm.working')}</p>;
  if (step === 'password') return <PasswordStep token={token} onConfirmed={() => setStep('confirmed')} />;
  if (step === 'confirmed before') {
    return (
      <>
        <p role="status">{t('confirm.already')}</p>
        <p>
          <a href={localizedPath('/anmelden', locale)}>{t('confirm.toLogin')}</a>
        </p>
      </>
    );
  }
  if (step === 'confirmed') {
    return (
      <>
        <p role="status">{t('confirm.done')}</p>
        <p>
          <a href={localizedPath('/maerkte', locale)}>{t('confirm.toMarkets')}</a>
        </p>
      </>
    );
  }
  return (
    <>
      <FormFailure failure={step} />
      <ConfirmationRequest />
    </>
  );
}

/** Issue 49: the link belongs to the mailbox; whoever holds it chooses the account's password. */
function PasswordStep({ token, onConfirmed }: { token: string; onConfirmed: () => void }) {
  const { t } = useTranslation();
  const form = useForm(confirmWithPasswordSchema, { token, password: '', password_repeat: '' }, REGISTER_CHECK_ORDER);
  const submit = form.onSubmit(async ({ password, password_repeat }) => {
    await confirmEmail(token, { password, passwordRepeat: password_repeat });
    onConfirmed();
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy}>
      <ErrorSummary {...form.summary} />
      <p>{t('confirm.passwordNeeded')}</p>
      <NewPasswordFields
        labels={[t('account.password'), t('account.passwordRepeat')]}
        hint={t('account.passwordHint')}
        password={form.field('password')}
        repeat={form.field('password_repeat')}
      />
      <FormFailure failure={form.failure} />
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {t('confirm.submit')}
        </button>
      </div>
    </form>
  );
}

/** A used or expired confirmation link: ask for a new mail. */
function ConfirmationRequest() {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      heading={t('confirm.requestAgain')}
      submitLabel={t('login.sendConfirmationAgain')}
      sentMessage={t('notice.confirmationSent')}
      send={sendConfirmationAgain}
    />
  );
}

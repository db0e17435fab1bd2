import { useEffect, useState } from 'react';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import { confirmEmail, sendConfirmationAgain } from '../../stores/account.ts';
import { EmailRequestForm } from '../forms/email-request-form.tsx';
import { FormFailure } from '../forms/field.tsx';
import { messageOf, type Failure } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

/**
 * Confirms on opening. It runs in the browser, not on the server's GET, so a mail scanner that
 * fetches the link does not use it up.
 */
export function ConfirmEmail({ token, locale }: { token: string; locale: Locale }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'working' | 'confirmed' | Failure>('working');

  useEffect(() => {
    confirmEmail(token).then(
      () => setResult('confirmed'),
      (error: unknown) => setResult({ code: 'unexpected', message: messageOf(error, t) }),
    );
  }, []);

  if (result === 'working') return <p role="status">{t('confirm.working')}</p>;
  if (result === 'confirmed') {
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
      <FormFailure failure={result} />
      <ConfirmationRequest />
    </>
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

import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { emailRequestSchema } from '../../lib/account.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import { confirmEmail, sendConfirmationAgain } from '../../stores/account.ts';
import { notify } from '../../stores/notices.ts';
import { Field, FormFailure } from '../forms/field.tsx';
import { SectionHeading } from '../forms/heading.tsx';
import { messageOf, useForm, type Failure } from '../forms/use-form.ts';

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
  const headingId = useId();
  const form = useForm(emailRequestSchema, { email: '' });
  const [sent, setSent] = useState(false);
  const submit = form.onSubmit(async ({ email }) => {
    await sendConfirmationAgain(email);
    setSent(true);
    notify(t('notice.confirmationSent'));
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{t('confirm.requestAgain')}</SectionHeading>
      <Field
        label={t('account.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        {...form.field('email')}
      />
      <FormFailure failure={form.failure} />
      <p role="status" className="form-success">
        {sent ? t('notice.confirmationSent') : ''}
      </p>
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {t('login.sendConfirmationAgain')}
        </button>
      </div>
    </form>
  );
}

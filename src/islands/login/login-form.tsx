import { useId, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { loginRequestSchema } from '../../lib/account.ts';
import { logIn, sendConfirmationAgain } from '../../stores/account.ts';
import { notify, notifyOnNextPage } from '../../stores/notices.ts';
import { Field, FormFailure } from '../forms/field.tsx';
import { SectionHeading } from '../forms/heading.tsx';
import { messageOf, useForm } from '../forms/use-form.ts';
import { ErrorSummary } from '../forms/error-summary.tsx';

interface LoginFormProps {
  /** Where to go after login: the page the guard sent the user from, or the markets list. */
  next: string;
  /** Where an operator goes (issue 55): the same page when one was asked for, else the console. */
  operatorNext: string;
  onForgotPassword: () => void;
  focusOnShow?: boolean | undefined;
}

export function LoginForm({ next, operatorNext, onForgotPassword, focusOnShow }: LoginFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useForm(loginRequestSchema, { email: '', password: '' });

  const submit = form.onSubmit(async ({ email, password }) => {
    const { operator } = await logIn(email, password);
    notifyOnNextPage(t('notice.loggedIn'));
    window.location.assign(operator ? operatorNext : next);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy} aria-labelledby={headingId}>
      <SectionHeading id={headingId} focusOnShow={focusOnShow}>
        {t('login.heading')}
      </SectionHeading>
      <ErrorSummary {...form.summary} />
      <Field
        label={t('account.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        {...form.field('email')}
      />
      <Field
        label={t('account.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <FormFailure failure={form.failure} />
      {/* api.md: an account left unconfirmed for 24 hours is refused as "not on file" until it confirms again. */}
      {form.failure?.code === 'email_not_on_file' && <ConfirmAgain email={form.values.email} />}
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {t('login.submit')}
        </button>
        <button type="button" className="button-link" onClick={onForgotPassword}>
          {t('login.forgotPassword')}
        </button>
      </div>
    </form>
  );
}

function ConfirmAgain({ email }: { email: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await sendConfirmationAgain(email);
      notify(t('notice.confirmationSent'));
    } catch (error) {
      notify(messageOf(error, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <p>
      {t('login.confirmationLapsed')}{' '}
      <button type="button" disabled={busy} onClick={() => void send()}>
        {t('login.sendConfirmationAgain')}
      </button>
    </p>
  );
}

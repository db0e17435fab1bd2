import { useId, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { REGISTER_CHECK_ORDER, registerRequestSchema } from '../../lib/account.ts';
import { register } from '../../stores/account.ts';
import { notify } from '../../stores/notices.ts';
import { Field, FormFailure, NewPasswordFields } from '../forms/field.tsx';
import { SectionHeading } from '../forms/heading.tsx';
import { useForm } from '../forms/use-form.ts';
import { ErrorSummary } from '../forms/error-summary.tsx';

/**
 * Registration for staff addresses on file. Issue 49: the answer is the same for every address,
 * so the form says only that a mail is on its way; the mail says what comes next (the link that
 * logs in, or why not), and its link logs the new account in.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useForm(registerRequestSchema, { email: '', password: '', password_repeat: '' }, REGISTER_CHECK_ORDER);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(async ({ email, password, password_repeat }) => {
    await register(email, password, password_repeat);
    setSentTo(email);
    notify(t('register.sent', { email }));
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{t('register.heading')}</SectionHeading>
      <ErrorSummary {...form.summary} />
      <p>{t('register.intro')}</p>
      <Field label={t('account.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <NewPasswordFields
        labels={[t('account.password'), t('account.passwordRepeat')]}
        hint={t('account.passwordHint')}
        password={form.field('password')}
        repeat={form.field('password_repeat')}
      />
      <FormFailure failure={form.failure} />
      {/* The notice goes after 3 seconds; this stays for whoever looks later. */}
      <p role="status" className="form-success">
        {sentTo === null ? '' : t('register.sent', { email: sentTo })}
      </p>
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {t('register.submit')}
        </button>
      </div>
    </form>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { emailRequestSchema } from '../../lib/account.ts';
import { requestNewPassword } from '../../stores/account.ts';
import { notify } from '../../stores/notices.ts';
import { Field, FormFailure } from '../forms/field.tsx';
import { SectionHeading } from '../forms/heading.tsx';
import { useForm } from '../forms/use-form.ts';

interface ForgotPasswordFormProps {
  /** Back to the login form; absent where there is none (the page of an expired reset link). */
  onBack?: () => void;
  focusOnShow?: boolean | undefined;
}

/** Asks for a reset link; the answer is the same for every address, so it tells nobody who has an account. */
export function ForgotPasswordForm({ onBack, focusOnShow }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useForm(emailRequestSchema, { email: '' });
  const [sent, setSent] = useState(false);

  const submit = form.onSubmit(async ({ email }) => {
    await requestNewPassword(email);
    setSent(true);
    notify(t('notice.resetMailSent'));
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy} aria-labelledby={headingId}>
      <SectionHeading id={headingId} focusOnShow={focusOnShow}>
        {t('forgot.heading')}
      </SectionHeading>
      <p>{t('forgot.intro')}</p>
      <Field
        label={t('account.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        {...form.field('email')}
      />
      <FormFailure failure={form.failure} />
      {/* The notice goes after 3 seconds; this stays for whoever looks later. */}
      <p role="status" className="form-success">
        {sent ? t('notice.resetMailSent') : ''}
      </p>
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {t('forgot.submit')}
        </button>
        {onBack && (
          <button type="button" className="button-link" onClick={onBack}>
            {t('forgot.back')}
          </button>
        )}
      </div>
    </form>
  );
}

import { useId } from 'react';
import { useTranslation } from '../i18n.tsx';
import { REGISTER_CHECK_ORDER, registerRequestSchema } from '../../lib/account.ts';
import { register } from '../../stores/account.ts';
import { notifyOnNextPage } from '../../stores/notices.ts';
import { Field, FormFailure, NewPasswordFields } from '../forms/field.tsx';
import { SectionHeading } from '../forms/heading.tsx';
import { useForm } from '../forms/use-form.ts';

interface RegisterFormProps {
  next: string;
  /** For an address that has an account already (issue 19): the login form, or a new password, instead. */
  onLogIn: () => void;
  onForgotPassword: () => void;
}

/** Registration for staff addresses on file; the new account is logged in straight away. */
export function RegisterForm({ next, onLogIn, onForgotPassword }: RegisterFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useForm(registerRequestSchema, { email: '', password: '', password_repeat: '' }, REGISTER_CHECK_ORDER);

  const submit = form.onSubmit(async ({ email, password, password_repeat }) => {
    await register(email, password, password_repeat);
    notifyOnNextPage(t('notice.registered'));
    window.location.assign(next);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{t('register.heading')}</SectionHeading>
      <p>{t('register.intro')}</p>
      <Field label={t('account.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <NewPasswordFields
        labels={[t('account.password'), t('account.passwordRepeat')]}
        hint={t('account.passwordHint')}
        password={form.field('password')}
        repeat={form.field('password_repeat')}
      />
      <FormFailure failure={form.failure} />
      {form.failure?.code === 'user_exists' && (
        <p className="form-actions">
          <button type="button" className="button-link" onClick={onLogIn}>
            {t('register.logInInstead')}
          </button>
          <button type="button" className="button-link" onClick={onForgotPassword}>
            {t('login.forgotPassword')}
          </button>
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {t('register.submit')}
        </button>
      </div>
    </form>
  );
}

import { useId } from 'react';
import { useTranslation } from '../i18n.tsx';
import { REGISTER_CHECK_ORDER, registerRequestSchema } from '../../lib/account.ts';
import { register } from '../../stores/account.ts';
import { notifyOnNextPage } from '../../stores/notices.ts';
import { Field, FormFailure, NewPasswordFields } from '../forms/field.tsx';
import { SectionHeading } from '../forms/heading.tsx';
import { useForm } from '../forms/use-form.ts';

/** Registration for staff addresses on file; the new account is logged in straight away. */
export function RegisterForm({ next }: { next: string }) {
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
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {t('register.submit')}
        </button>
      </div>
    </form>
  );
}

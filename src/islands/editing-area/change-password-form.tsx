import { useId } from 'react';
import { changePasswordRequestSchema, REGISTER_CHECK_ORDER } from '../../lib/account.ts';
import { changePassword } from '../../stores/account.ts';
import { notify } from '../../stores/notices.ts';
import { Field, FormEnd, NewPasswordFields } from '../forms/field.tsx';
import { SectionHeading } from '../forms/heading.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { ErrorSummary } from '../forms/error-summary.tsx';

/** Issue 15, L12: a new password with the current one; the user's other sessions end. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useForm(
    changePasswordRequestSchema,
    { current_password: '', password: '', password_repeat: '' },
    REGISTER_CHECK_ORDER,
  );
  const submit = form.onSubmit(async ({ current_password, password, password_repeat }) => {
    await changePassword(current_password, password, password_repeat);
    notify(t('notice.passwordChangedHere'));
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy} aria-labelledby={headingId}>
      <SectionHeading id={headingId} focusOnShow>
        {t('account.changePassword')}
      </SectionHeading>
      <ErrorSummary {...form.summary} />
      <Field
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...form.field('current_password')}
      />
      <NewPasswordFields
        labels={[t('account.newPassword'), t('account.newPasswordRepeat')]}
        hint={t('account.passwordHint')}
        password={form.field('password')}
        repeat={form.field('password_repeat')}
      />
      <FormEnd
        failure={form.failure}
        busy={form.busy}
        save={t('account.changePassword')}
        cancel={t('account.cancel')}
        onCancel={onDone}
      />
    </form>
  );
}

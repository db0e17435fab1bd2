import { useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { REGISTER_CHECK_ORDER, resetPasswordRequestSchema } from '../../lib/account.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import { setNewPassword } from '../../stores/account.ts';
import { notifyOnNextPage } from '../../stores/notices.ts';
import { FormFailure, NewPasswordFields } from '../forms/field.tsx';
import { useForm } from '../forms/use-form.ts';
import { ForgotPasswordForm } from '../login/forgot-password-form.tsx';
import { ErrorSummary } from '../forms/error-summary.tsx';

/** Sets a new password from a reset link; a used or expired link offers to send a new one. */
export function NewPasswordForm({ token, locale }: { token: string; locale: Locale }) {
  const { t } = useTranslation();
  const form = useForm(resetPasswordRequestSchema, { token, password: '', password_repeat: '' }, REGISTER_CHECK_ORDER);
  const [linkUnusable, setLinkUnusable] = useState(false);

  const submit = form.onSubmit(async ({ password, password_repeat }) => {
    try {
      await setNewPassword(token, password, password_repeat);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'invalid_token' || code === 'token_expired') setLinkUnusable(true);
      throw error;
    }
    notifyOnNextPage(t('notice.passwordChanged'));
    window.location.assign(localizedPath('/anmelden', locale));
  });

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy}>
        <ErrorSummary {...form.summary} />
        <NewPasswordFields
          labels={[t('account.newPassword'), t('account.newPasswordRepeat')]}
          hint={t('account.passwordHint')}
          password={form.field('password')}
          repeat={form.field('password_repeat')}
        />
        <FormFailure failure={form.failure} />
        <div className="form-actions">
          <button type="submit" disabled={form.busy || linkUnusable}>
            {t('newPassword.submit')}
          </button>
        </div>
      </form>
      {linkUnusable && <ForgotPasswordForm focusOnShow />}
    </>
  );
}

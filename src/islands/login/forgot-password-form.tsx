import { requestNewPassword } from '../../stores/account.ts';
import { EmailRequestForm } from '../forms/email-request-form.tsx';
import { useTranslation } from '../i18n.tsx';

interface ForgotPasswordFormProps {
  /** Back to the login form; absent where there is none (the page of an expired reset link). */
  onBack?: () => void;
  focusOnShow?: boolean | undefined;
}

/** Asks for a reset link (valid one hour). */
export function ForgotPasswordForm({ onBack, focusOnShow }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      heading={t('forgot.heading')}
      intro={t('forgot.intro')}
      submitLabel={t('forgot.submit')}
      sentMessage={t('notice.resetMailSent')}
      send={requestNewPassword}
      focusOnShow={focusOnShow}
    >
      {onBack && (
        <button type="button" className="button-link" onClick={onBack}>
          {t('forgot.back')}
        </button>
      )}
    </EmailRequestForm>
  );
}

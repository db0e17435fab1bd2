import { useState } from 'react';
import type { Locale } from '../../lib/languages.ts';
import { DEFAULT_REMINDER_DAYS } from '../../lib/operator.ts';
import { callApi } from '../../stores/api-client.ts';
import { Dialog } from '../forms/dialog.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

/** The wire shape of `GET /api/operator/campaign/reminders` (services/campaign-reminders.ts). */
interface ReminderPreview {
  municipalities: number;
  reached: number;
  recipients: number;
  mails: { locale: Locale; recipients: number; subject: string; text: string }[];
}

/**
 * Issue 55: "Erinnerungen senden" first says how many clerks of how many municipalities would get
 * a mail now, and shows that mail in each of their languages; only the dialog's button sends.
 */
export function SendReminders({ disabled, onSend }: { disabled: boolean; onSend: () => void }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<ReminderPreview | null>(null);
  const [failure, setFailure] = useState('');
  const ask = () => {
    setFailure('');
    callApi<ReminderPreview>('operator/campaign/reminders')
      .then(setPreview)
      .catch((error: unknown) => setFailure(messageOf(error, t)));
  };
  const close = () => setPreview(null);
  /** Nobody to write to now: none due, or the due ones without a confirmed account. */
  const none = preview?.recipients === 0;
  return (
    <>
      <button type="button" disabled={disabled} onClick={ask}>
        {t('operator.campaign.remind')}
      </button>
      {failure && <span role="alert">{failure}</span>}
      <Dialog
        open={preview !== null}
        title={t('operator.reminders.title')}
        onCancel={close}
        actions={
          none
            ? [{ label: t('operator.reminders.close'), onClick: close, primary: true }]
            : [
                {
                  label: t('operator.reminders.send', { count: preview?.recipients ?? 0 }),
                  onClick: () => {
                    close();
                    onSend();
                  },
                },
                { label: t('dialog.cancel'), onClick: close, primary: true },
              ]
        }
        summary={
          preview && (
            <>
              <p>
                {preview.municipalities === 0
                  ? t('operator.reminders.none', { days: DEFAULT_REMINDER_DAYS })
                  : none
                    ? t('operator.reminders.nobody')
                    : t('operator.reminders.who', {
                        recipients: t('operator.reminders.recipients', { count: preview.recipients }),
                        municipalities: t('operator.reminders.municipalities', { count: preview.reached }),
                      })}
              </p>
              {preview.reached < preview.municipalities && (
                <p>{t('operator.reminders.unreached', { count: preview.municipalities - preview.reached })}</p>
              )}
            </>
          )
        }
      >
        {preview?.mails.map((mail) => (
          <section key={mail.locale} className="mail-preview" aria-labelledby={`mail-${mail.locale}`}>
            <h3 id={`mail-${mail.locale}`}>
              {t('operator.reminders.mailIn', { language: t(`language.${mail.locale}`), count: mail.recipients })}
            </h3>
            <p>
              <strong>{mail.subject}</strong>
            </p>
            <p className="mail-text">{mail.text}</p>
          </section>
        ))}
      </Dialog>
    </>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { emailRequestSchema } from '../../lib/account.ts';
import { notify } from '../../stores/notices.ts';
import { useTranslation } from '../i18n.tsx';
import { Field, FormFailure } from './field.tsx';
import { SectionHeading } from './heading.tsx';
import { useForm } from './use-form.ts';
import { ErrorSummary } from './error-summary.tsx';

interface EmailRequestFormProps {
  heading: string;
  intro?: string;
  submitLabel: string;
  /** Shown as a notice and kept under the form once the mail is on its way. */
  sentMessage: string;
  send: (email: string) => Promise<void>;
  focusOnShow?: boolean | undefined;
  /** Further buttons beside the submit button. */
  children?: ReactNode;
}

/**
 * An address to send a mail to (a reset link, a new confirmation). The server answers alike for
 * every address, so the form tells nobody who has an account.
 */
export function EmailRequestForm({
  heading,
  intro,
  submitLabel,
  sentMessage,
  send,
  focusOnShow,
  children,
}: EmailRequestFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useForm(emailRequestSchema, { email: '' });
  const [sent, setSent] = useState(false);

  const submit = form.onSubmit(async ({ email }) => {
    await send(email);
    setSent(true);
    notify(sentMessage);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy} aria-labelledby={headingId}>
      <SectionHeading id={headingId} focusOnShow={focusOnShow}>
        {heading}
      </SectionHeading>
      <ErrorSummary {...form.summary} />
      {intro && <p>{intro}</p>}
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
        {sent ? sentMessage : ''}
      </p>
      <div className="form-actions">
        <button type="submit" disabled={form.busy}>
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}

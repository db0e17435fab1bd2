import { useState } from 'react';
import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { AppRoot } from '../app-root/app-root.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

interface LoginIslandProps {
  locale: Locale;
  messages: Messages;
  title: string;
  next: string;
  /** Where an operator goes instead (issue 55): the console, unless a page was asked for. */
  operatorNext: string;
}

/** `/anmelden`: log in (or ask for a new password in its place) beside the registration. */
export function LoginIsland({ locale, messages, title, next, operatorNext }: LoginIslandProps) {
  const [forgot, setForgot] = useState<boolean | null>(null);
  return (
    <AppRoot locale={locale} messages={messages} title={title}>
      <div className="account-forms">
        <section>
          {forgot ? (
            <ForgotPasswordForm focusOnShow onBack={() => setForgot(false)} />
          ) : (
            // After "back" focus returns to the login heading; on first show it stays where the page put it.
            <LoginForm
              next={next}
              operatorNext={operatorNext}
              focusOnShow={forgot === false}
              onForgotPassword={() => setForgot(true)}
            />
          )}
        </section>
        <section>
          <RegisterForm />
        </section>
      </div>
    </AppRoot>
  );
}

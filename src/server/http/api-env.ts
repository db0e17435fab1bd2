import type { Locale } from '../../lib/languages.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** What every API handler finds on its context. */
export interface ApiEnv {
  Variables: {
    /** Language of messages: `lang` field, else Accept-Language, else German. */
    locale: Locale;
    /** The logged-in user, looked up once and only when a handler asks. */
    sessionUser: () => Promise<SessionUser | null>;
  };
}

import type { ServerResponse } from 'node:http';
import type { Locale } from '../../lib/languages.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** What every API handler finds on its context. */
export interface ApiEnv {
  /** What @hono/node-server passes: Node's response, for answers written to it directly. */
  Bindings: { outgoing?: ServerResponse };
  Variables: {
    /** Language of messages: `lang` field, else Accept-Language, else German. */
    locale: Locale;
    /** The logged-in user, looked up once and only when a handler asks. */
    sessionUser: () => Promise<SessionUser | null>;
  };
}

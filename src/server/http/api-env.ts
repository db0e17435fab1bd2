import type { ServerResponse } from 'node:http';
import type { Locale } from '../../lib/languages.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { SecurityEvent } from '../security-log.ts';

/** What every API handler finds on its context. */
export interface ApiEnv {
  /** What @hono/node-server passes: Node's response, for answers written to it directly. */
  Bindings: { outgoing?: ServerResponse };
  Variables: {
    /**
     * Language of messages: `lang` field, else Accept-Language, else German; worked out when first
     * asked, as most answers have no message (the content calls: issue 18).
     */
    locale: () => Locale;
    /** The session cookie's token, for a procedure that looks its user up itself (services/market-saves.ts). */
    sessionToken: () => string | undefined;
    /** The logged-in user, looked up once and only when a handler asks. */
    sessionUser: () => Promise<SessionUser | null>;
    /** Writes a security event with this request's client address (issue 15, M9). */
    securityEvent: (event: SecurityEvent, account?: string | null, reason?: string) => void;
    /** The account a login or registration named, for the log of a refusal before any session exists. */
    attemptedAccount: string | undefined;
  };
}

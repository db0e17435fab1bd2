import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '../api-error.ts';
import { TOKEN_LIFETIME_MS } from '../auth/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { hashToken, startSession } from '../auth/sessions.ts';
import {
  findRegistration,
  insertRegistration,
  renewRegistration,
  useRegistration,
} from '../db/queries/registrations.ts';
import { deleteUnconfirmedUser, findAllowedMunicipality, findUserByEmail, insertUser } from '../db/queries/users.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { accountMail, registrationNotice, type MailReply } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What became of a registration, for the security log only: the answer is the same for each. */
export type RegistrationOutcome = 'waiting' | 'not_on_file' | 'has_account' | 'mail_withheld';

/** What proves that the one opening a registration's link is the one who registered. */
export interface RegistrationProof {
  /** The cookie the registering browser was given. */
  browser: string | undefined;
  password: string | undefined;
}

/** A registration confirmed: the new account and its first session. */
export interface NewAccount {
  userId: string;
  email: string;
  session: string;
}

const CONFIRM_LIFETIME_MS = TOKEN_LIFETIME_MS.confirm_email;

/** A random token for a link or the registering browser's cookie; only its hash is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');

/**
 * Issue 49: registering asks the mailbox first. A registration waits (table `registrations`) until
 * the link mailed to its address is opened by the one who registered (the browser that did, or
 * the password chosen); only then is it an account, logged in. Several may wait for one address:
 * the first confirmed wins and the others lapse, so a stranger who registered someone's address
 * holds nothing, and its owner registers as if the stranger had not.
 */
export function createRegistrations({
  db,
  mailer,
  config,
  clock,
}: {
  db: Database;
  mailer: Mailer;
  config: Config;
  clock: () => Date;
}) {
  const contextOf = ({ locale, baseUrl }: MailReply) => ({
    locale,
    baseUrl,
    siteTitle: config.SITE_TITLE,
    providerName: config.PROVIDER_NAME,
    contactEmail: config.CONTACT_EMAIL,
  });

  return {
    /**
     * The same work for every address — the password hashed, the list and the accounts read, one
     * mail — so that neither the answer nor its time tells which addresses are on the list or
     * have an account; what differs is in the mail. `mayMail` false (the address's mails are
     * throttled): nothing is kept or sent.
     */
    async register(
      email: string,
      password: string,
      reply: MailReply,
      { browser, mayMail }: { browser: string; mayMail: boolean },
    ): Promise<RegistrationOutcome> {
      const passwordHash = await hashPassword(password);
      const gkz = await findAllowedMunicipality(db, email);
      const user = await findUserByEmail(db, email);
      if (!mayMail) return 'mail_withheld';
      if (!gkz || user?.email_confirmed_at) {
        const kind = gkz ? 'has_account' : 'not_on_file';
        await mailer.send(registrationNotice(kind, email, contextOf(reply)));
        return kind;
      }
      const token = randomToken();
      const now = clock();
      await insertRegistration(db, {
        token_hash: hashToken(token),
        email,
        password_hash: passwordHash,
        language: reply.locale,
        browser_hash: hashToken(browser),
        created_at: now,
        expires_at: new Date(now.getTime() + CONFIRM_LIFETIME_MS),
      });
      await mailer.send(accountMail('confirm', email, token, contextOf(reply)));
      return 'waiting';
    },

    /**
     * Confirms the registration of a link: the account is made, confirmed and logged in, an
     * unconfirmed account of the address (one from before issue 49) lapses with its sessions, and
     * the address's other registrations lapse. Null when the link is no registration's.
     */
    async confirm(token: string, proof: RegistrationProof): Promise<NewAccount | 'already confirmed' | null> {
      const tokenHash = hashToken(token);
      const found = await findRegistration(db, tokenHash, clock());
      if (!found) return null;
      if (found.used_at) {
        if ((await findUserByEmail(db, found.email))?.email_confirmed_at) return 'already confirmed';
        throw new ApiError('invalid_token');
      }
      if (!found.live) throw new ApiError('token_expired');
      if (proof.password !== undefined) {
        if (!(await verifyPassword(found.password_hash, proof.password))) throw new ApiError('wrong_password');
      } else if (proof.browser === undefined || hashToken(proof.browser) !== found.browser_hash) {
        // The page then asks for the password (as for a link opened without the registering session).
        throw new ApiError('not_logged_in');
      }
      return db.transaction(async (tx) => {
        const gkz = await findAllowedMunicipality(tx, found.email);
        if (!gkz) throw new ApiError('email_not_on_file', undefined, { email: config.CONTACT_EMAIL });
        const used = await useRegistration(tx, tokenHash, clock());
        // Used, or lapsed a moment ago because another registration of the address was confirmed.
        if (!used || (await findUserByEmail(tx, used.email))?.email_confirmed_at) throw new ApiError('invalid_token');
        await deleteUnconfirmedUser(tx, used.email);
        const now = clock();
        const user = {
          id: randomUUID(),
          email: used.email,
          password_hash: used.password_hash,
          gkz,
          language: used.language,
          created_at: now,
          email_confirmed_at: now,
        };
        if (!(await insertUser(tx, user))) throw new ApiError('invalid_token');
        return { userId: user.id, email: user.email, session: await startSession(tx, user.id) };
      });
    },

    /** A new link for the address's newest registration that waits; false when none waits. */
    async resend(email: string, reply: MailReply): Promise<boolean> {
      const token = randomToken();
      const expiresAt = new Date(clock().getTime() + CONFIRM_LIFETIME_MS);
      if (!(await renewRegistration(db, email, hashToken(token), expiresAt))) return false;
      await mailer.send(accountMail('confirm', email, token, contextOf(reply)));
      return true;
    },
  };
}

export type Registrations = ReturnType<typeof createRegistrations>;

import { randomUUID } from 'node:crypto';
import { ApiError } from '../api-error.ts';
import { TOKEN_LIFETIME_MS } from '../auth/one-time-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, randomToken, startSession } from '../auth/sessions.ts';
import {
  findRegistration,
  insertRegistration,
  lockAddress,
  renewRegistration,
  useRegistration,
} from '../db/queries/registrations.ts';
import {
  deleteUnconfirmedUser,
  findAllowedMunicipality,
  findUserByEmail,
  insertUser,
  isListedDomain,
} from '../db/queries/users.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { accountMail, mailContextOf, registrationNotice, type MailReply } from '../mail/account-mails.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';

/** What became of a registration, for the security log only: the answer is the same for each. */
export type RegistrationOutcome = 'waiting' | 'not_on_file' | 'has_account' | 'mail_withheld' | 'unknown_domain';

/**
 * How a registration's link is opened: in the registering browser (its cookie), or elsewhere by
 * the mailbox's holder, who then chooses the account's password (checked by the route).
 */
export interface RegistrationProof {
  /** The cookie the registering browser was given. */
  browser: string | undefined;
  /** The password chosen on the link's page. */
  newPassword: string | undefined;
}

/** A registration confirmed: the new account and its first session. */
export interface NewAccount {
  userId: string;
  email: string;
  session: string;
}

const CONFIRM_LIFETIME_MS = TOKEN_LIFETIME_MS.confirm_email;

/**
 * Issue 49: registering asks the mailbox first. A registration waits (table `registrations`) until
 * the link mailed to its address is opened; only then is it an account, logged in. The link
 * belongs to the mailbox: opened elsewhere than in the registering browser, its holder chooses the
 * account's password there. Several may wait for one address: the first confirmed wins and the
 * others lapse, so a stranger who registered someone's address (even up to its mail cap) holds
 * nothing, and any of those links lets the owner make the account (decision 0047).
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
  const contextOf = (reply: MailReply) => mailContextOf(config, reply);
  /**
   * Sent after the answer is decided and not awaited: a relay refusing a recipient or slow to
   * accept must not change register's answer or its time for that address (an oracle otherwise).
   */
  const sendUnawaited = (mail: Mail) => {
    void (async () => mailer.send(mail))().catch((error: unknown) => {
      console.error('register: the mail to an address was not sent', error);
    });
  };

  return {
    /**
     * The same work for every address — the password hashed, the list and the accounts read — so
     * that neither the answer nor its time tells which addresses are on the list or have an
     * account; what differs is in the mail. `mayMail` false (the address's mails are throttled):
     * nothing is kept or sent. Answers the registering browser's cookie with the outcome.
     */
    async register(
      email: string,
      password: string,
      reply: MailReply,
      { mayMail }: { mayMail: boolean },
    ): Promise<{ outcome: RegistrationOutcome; browser: string }> {
      const browser = randomToken();
      const passwordHash = await hashPassword(password);
      const gkz = await findAllowedMunicipality(db, email);
      const user = await findUserByEmail(db, email);
      if (!mayMail) return { outcome: 'mail_withheld', browser };
      if (user?.email_confirmed_at) {
        sendUnawaited(registrationNotice('has_account', email, contextOf(reply)));
        return { outcome: 'has_account', browser };
      }
      if (!gkz) {
        // Only a typo at a listed municipality's domain gets the hint: the portal mails no other address.
        if (!(await isListedDomain(db, email))) return { outcome: 'unknown_domain', browser };
        sendUnawaited(registrationNotice('not_on_file', email, contextOf(reply)));
        return { outcome: 'not_on_file', browser };
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
      sendUnawaited(accountMail('confirm', email, token, contextOf(reply)));
      return { outcome: 'waiting', browser };
    },

    /**
     * Confirms the registration of a link: the account is made, with the password chosen at
     * registration (in the registering browser) or the one chosen now, confirmed and logged in, an
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
      const inRegisteringBrowser = proof.browser !== undefined && hashToken(proof.browser) === found.browser_hash;
      // Elsewhere, the page then asks the mailbox's holder to choose the password.
      if (!inRegisteringBrowser && proof.newPassword === undefined) throw new ApiError('not_logged_in');
      const chosenHash = proof.newPassword === undefined ? null : await hashPassword(proof.newPassword);
      return db.transaction(async (tx) => {
        await lockAddress(tx, found.email);
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
          password_hash: chosenHash ?? used.password_hash,
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

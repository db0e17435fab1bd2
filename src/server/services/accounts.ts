import { ApiError } from '../api-error.ts';
import {
  consumeToken,
  findTokenOwner,
  findTokenUser,
  issueToken,
  TOKEN_LIFETIME_MS,
  voidTokens,
} from '../auth/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endOtherSessions, endSession, startSession } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { TokenPurpose } from '../db/queries/one-time-tokens.ts';
import {
  confirmUserEmail,
  findAccount,
  findAllowedMunicipality,
  findUserByEmail,
  findUserById,
  linkVisitor,
  setPasswordHash,
} from '../db/queries/users.ts';
import { visitorExists } from '../db/queries/visitors.ts';
import { accountMail, mailContextOf, type MailReply } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createRegistrations, type Registrations } from './registrations.ts';

/**
 * Issue 15, H1, and issue 49: how a confirmation link is opened: where it was asked for (the
 * registering browser or session), or elsewhere by the mailbox's holder choosing the password.
 */
export interface ConfirmationProof {
  /** The user of the session the request came with, if any (an account from before issue 49). */
  sessionUserId: string | null;
  /** The cookie the registering browser was given (issue 49). */
  browser: string | undefined;
  /** The password chosen on the link's page (rules checked by the route). */
  newPassword: string | undefined;
}

export interface AccountDependencies {
  db: Database;
  mailer: Mailer;
  config: Config;
  clock: () => Date;
}

/** Accounts of municipality staff (api.md, "Accounts"). Every method returns what the route answers. */
export function createAccountService({ db, mailer, config, clock }: AccountDependencies) {
  const sendMail = async (kind: 'confirm' | 'reset', to: string, token: string, reply: MailReply) => {
    await mailer.send(accountMail(kind, to, token, mailContextOf(config, reply)));
  };
  const link = async (visitorId: string | undefined, userId: string) => {
    if (visitorId && (await visitorExists(db, visitorId))) await linkVisitor(db, visitorId, userId);
  };
  const issue = (userId: string, purpose: TokenPurpose) => issueToken(db, userId, purpose, clock());
  const registrations = createRegistrations({ db, mailer, config, clock });
  /** Issue 19: says whom to ask, since the provider's operator keeps the addresses on file. */
  const notOnFile = () => new ApiError('email_not_on_file', undefined, { email: config.CONTACT_EMAIL });

  return {
    /** Issue 49: answers alike for every address; an account comes of it once its mailbox is proven. */
    register: (...request: Parameters<Registrations['register']>) => registrations.register(...request),

    /**
     * The link alone confirms nothing (issue 15, H1): a clerk who clicks a mail they did not ask
     * for must not confirm an account someone else registered with their address. Where it was
     * asked for (the registering browser or session) it confirms; elsewhere the mailbox's holder
     * chooses the password, so the account is theirs whoever registered (issue 49). Answers the
     * confirmed address with a session to log in, or that it was confirmed before: a link opened
     * twice (issue 19) is no error, and says nothing its holder could not learn from the first.
     */
    async confirmEmail(
      token: string,
      proof: ConfirmationProof,
      visitorId?: string,
    ): Promise<{ email: string; session?: string } | 'already confirmed'> {
      const registered = await registrations.confirm(token, proof);
      if (registered && registered !== 'already confirmed') await link(visitorId, registered.userId);
      if (registered) return registered;
      const owner = await findTokenUser(db, token, 'confirm_email', clock());
      if (owner === 'expired') throw new ApiError('token_expired');
      if (owner === 'invalid') {
        const userId = await findTokenOwner(db, token, 'confirm_email');
        const user = userId && (await findUserById(db, userId));
        if (user && user.email_confirmed_at) return 'already confirmed';
        throw new ApiError('invalid_token');
      }
      if (proof.newPassword === undefined && proof.sessionUserId !== owner.userId) {
        throw new ApiError('not_logged_in');
      }
      const newHash = proof.newPassword === undefined ? null : await hashPassword(proof.newPassword);
      const result = await consumeToken(db, token, 'confirm_email', clock());
      if (result === 'expired') throw new ApiError('token_expired');
      if (result === 'invalid') throw new ApiError('invalid_token');
      await confirmUserEmail(db, result.userId, clock());
      const email = (await findUserById(db, result.userId))?.email ?? '';
      if (!newHash) return { email };
      // An account from before issue 49, taken by the mailbox's holder: whoever held it is out.
      await setPasswordHash(db, result.userId, newHash);
      await endOtherSessions(db, result.userId, null);
      const session = await startSession(db, result.userId);
      await link(visitorId, result.userId);
      return { email, session };
    },

    /**
     * Answers alike for every address, so it tells nobody which ones have accounts. A new link
     * for the newest registration that waits (issue 49), else for an unconfirmed account.
     */
    async resendConfirmation(email: string, reply: MailReply): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (user?.email_confirmed_at || (await registrations.resend(email, reply))) return;
      if (user) await sendMail('confirm', email, await issue(user.id, 'confirm_email'), reply);
    },

    /** The new session, and whether the user is an operator (issue 55: whose screen opens first). */
    async login(email: string, password: string, visitorId?: string): Promise<{ session: string; operator: boolean }> {
      const user = await findUserByEmail(db, email);
      if (!user) throw new ApiError('user_not_found');
      if (!(await verifyPassword(user.password_hash, password))) throw new ApiError('wrong_password');
      const confirmationLapsed = clock().getTime() - user.created_at.getTime() > TOKEN_LIFETIME_MS.confirm_email;
      if (!user.email_confirmed_at && confirmationLapsed) throw notOnFile();
      // Issue 15, M8: an address taken off the list or moved elsewhere, or a disabled user, no longer logs in.
      if (user.disabled_at || (await findAllowedMunicipality(db, email)) !== user.gkz) throw notOnFile();
      const session = await startSession(db, user.id);
      await link(visitorId, user.id);
      return { session, operator: user.operator_since !== null };
    },

    logout: (sessionToken: string) => endSession(db, sessionToken),

    async forgotPassword(email: string, reply: MailReply): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (user) await sendMail('reset', email, await issue(user.id, 'reset_password'), reply);
    },

    /** A new password ends every other session; the mailed link also proves the address. Answers the address. */
    async resetPassword(token: string, password: string, currentSession: string | null): Promise<string> {
      const result = await consumeToken(db, token, 'reset_password', clock());
      if (result === 'expired') throw new ApiError('token_expired');
      if (result === 'invalid') throw new ApiError('invalid_token');
      await setPasswordHash(db, result.userId, await hashPassword(password));
      await voidTokens(db, result.userId, 'reset_password', clock()); // issue 15, L1
      await confirmUserEmail(db, result.userId, clock());
      await endOtherSessions(db, result.userId, currentSession);
      return (await findUserById(db, result.userId))?.email ?? '';
    },

    /**
     * Issue 15, L12: a new password with the current one; every other session ends. Answers the
     * address, or refuses a wrong current password like a login.
     */
    async changePassword(userId: string, current: string, password: string, keepSession: string): Promise<string> {
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError('not_logged_in');
      if (!(await verifyPassword(user.password_hash, current)))
        throw new ApiError('wrong_password', { current_password: 'wrong_password' });
      await setPasswordHash(db, userId, await hashPassword(password));
      await voidTokens(db, userId, 'reset_password', clock());
      await endOtherSessions(db, userId, keepSession);
      return user.email;
    },

    /** Issue 15, L12: "log out everywhere" ends every session of the user, this one included. */
    logoutEverywhere: (userId: string) => endOtherSessions(db, userId, null),

    async account(userId: string) {
      const account = await findAccount(db, userId);
      if (!account) throw new ApiError('not_logged_in');
      return account;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

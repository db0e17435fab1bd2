import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  confirmWithPasswordSchema,
  emailRequestSchema,
  loginRequestSchema,
  REGISTER_CHECK_ORDER,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../../lib/account.ts';
import { visitorIdSchema } from '../../../lib/visitor.ts';
import { ApiError } from '../../api-error.ts';
import { TOKEN_LIFETIME_MS } from '../../auth/one-time-tokens.ts';
import { hashToken, registrationCookieName, SESSION_LIFETIME_SECONDS, sessionCookieName } from '../../auth/sessions.ts';
import { mailBaseUrl, servesHttps, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { MailReply } from '../../mail/account-mails.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { ApiEnv } from '../api-env.ts';
import { accountHintCookieName } from '../account-hint.ts';
import { accountLimits, refuseCommonPassword } from '../account-limits.ts';
import { viaTrustedProxy } from '../client-ip.ts';
import { parseFields, readFields } from '../request.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const QUARTER_HOUR = 15 * 60;
const HOUR = 60 * 60;

/** api.md, "Accounts": register, confirm, log in and out, recover a password, read the account. */
export function accountRoutes(
  api: Hono<ApiEnv>,
  accounts: AccountService,
  db: Database,
  config: Config,
  clock: () => Date,
): void {
  const httpsPortal = servesHttps(config);
  const cookieName = sessionCookieName(httpsPortal);
  const registrationCookie = registrationCookieName(httpsPortal);
  const hintCookie = accountHintCookieName(httpsPortal);
  const limits = accountLimits(db, config, clock);
  const startSessionCookie = (c: Context<ApiEnv>, token: string, email: string) => {
    const secure = httpsPortal || isHttps(c, config);
    setCookie(c, cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      maxAge: SESSION_LIFETIME_SECONDS,
    });
    setCookie(c, hintCookie, email, { path: '/', sameSite: 'Lax', secure, maxAge: SESSION_LIFETIME_SECONDS });
  };
  const endSessionCookie = (c: Context<ApiEnv>) => {
    deleteCookie(c, cookieName, { path: '/', secure: httpsPortal });
    deleteCookie(c, hintCookie, { path: '/', secure: httpsPortal });
  };
  const replyTo = (c: Context<ApiEnv>): MailReply => ({
    locale: c.get('locale')(),
    baseUrl: mailBaseUrl(config, c.req.header('host')),
  });
  const visitorOf = (fields: Record<string, unknown>) => {
    const parsed = visitorIdSchema.safeParse(fields['visitor_id_js']);
    return parsed.success ? parsed.data : undefined;
  };

  /**
   * Issue 49: the same answer for every address, on the list or not, with an account or not: what
   * differs goes to the mailbox. No session until the mailed link is opened (confirm_email); the
   * browser's cookie lets the link opened here confirm without the password.
   */
  api.post('/register', async (c) => {
    const request = parseFields(registerRequestSchema, await readFields(c), REGISTER_CHECK_ORDER);
    refuseCommonPassword(request.password);
    c.set('attemptedAccount', request.email);
    // Per address and network together, so that strangers' tries cannot block the clerk's own (issue 15, M2).
    await limits.enforce([
      ...limits.networkLimits(c, 'register', 20, HOUR),
      limits.pairLimit(c, 'register', request.email, 5, HOUR),
    ]);
    // Every answer mails, so mails to one address are throttled silently, as forgot_password's (M2).
    const mayMail = await limits.mayMail(c, 'register_mail', request.email);
    const { outcome, browser } = await accounts.register(request.email, request.password, replyTo(c), { mayMail });
    setCookie(c, registrationCookie, browser, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: httpsPortal || isHttps(c, config),
      maxAge: TOKEN_LIFETIME_MS.confirm_email / 1000,
    });
    c.get('securityEvent')('registered', request.email, outcome === 'waiting' ? undefined : outcome);
    return c.json({ data: { sent: true } }, 202, PRIVATE);
  });

  api.post('/confirm_email', async (c) => {
    const fields = await readFields(c);
    // Issue 49: opened elsewhere than in the registering browser, the mailbox's holder chooses the password.
    const choosing = fields['password'] !== undefined || fields['password_repeat'] !== undefined;
    const { token } = parseFields(confirmEmailRequestSchema, fields);
    const newPassword = choosing
      ? parseFields(confirmWithPasswordSchema, fields, REGISTER_CHECK_ORDER).password
      : undefined;
    if (newPassword !== undefined) {
      refuseCommonPassword(newPassword);
      // Each try hashes a password: bounded per network and per link.
      await limits.enforce([
        ...limits.networkLimits(c, 'confirm', 50, QUARTER_HOUR),
        limits.pairLimit(c, 'confirm', hashToken(token), 10, QUARTER_HOUR),
      ]);
    }
    const proof = {
      sessionUserId: await sessionUserId(c),
      browser: getCookie(c, registrationCookie),
      newPassword,
    };
    const confirmed = await refusalsLogged(c, 'confirm_email', () =>
      accounts.confirmEmail(token, proof, visitorOf(fields)),
    );
    // docs/api.md, extension: a link opened again answers that the address is confirmed already.
    if (confirmed === 'already confirmed')
      return c.json({ data: { confirmed: true, already_confirmed: true } }, 200, PRIVATE);
    // Issue 49: a confirmation that makes or takes the account logs it in, ending a session held before (L2).
    if (confirmed.session) {
      const previous = getCookie(c, cookieName);
      if (previous) await accounts.logout(previous);
      deleteCookie(c, registrationCookie, { path: '/', secure: httpsPortal });
      startSessionCookie(c, confirmed.session, confirmed.email);
    }
    c.get('securityEvent')('email_confirmed', confirmed.email);
    return c.json({ data: { confirmed: true } }, 200, PRIVATE);
  });

  api.post('/resend_confirmation', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    await limits.enforce(limits.networkLimits(c, 'resend', 20, HOUR));
    if (await limits.mayMail(c, 'resend', email)) await accounts.resendConfirmation(email, replyTo(c));
    return c.json({ data: { sent: true } }, 200, PRIVATE);
  });

  api.post('/login', async (c) => {
    const fields = await readFields(c);
    const request = parseFields(loginRequestSchema, fields);
    c.set('attemptedAccount', request.email);
    const { session: token, operator } = await limits.checkingPassword(c, request.email, () =>
      accounts.login(request.email, request.password, visitorOf(fields)),
    );
    // Issue 15, L2: the session this browser held before (perhaps planted) ends with a new login.
    const previous = getCookie(c, cookieName);
    if (previous) await accounts.logout(previous);
    c.get('securityEvent')('login_succeeded', request.email);
    startSessionCookie(c, token, request.email);
    // Issue 55 (docs/api.md): an operator's login says so; the login screen then opens the console.
    return c.json({ data: { logged_in: true, ...(operator ? { operator: true } : {}) } }, 200, PRIVATE);
  });

  api.post('/logout', async (c) => {
    const token = getCookie(c, cookieName);
    if (token) await accounts.logout(token);
    endSessionCookie(c);
    return c.json({ data: { logged_out: true } }, 200, PRIVATE);
  });

  api.post('/forgot_password', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    await limits.enforce(limits.networkLimits(c, 'forgot', 20, HOUR));
    if (await limits.mayMail(c, 'forgot', email)) await accounts.forgotPassword(email, replyTo(c));
    return c.json({ data: { sent: true } }, 200, PRIVATE);
  });

  api.post('/reset_password', async (c) => {
    const request = parseFields(resetPasswordRequestSchema, await readFields(c), REGISTER_CHECK_ORDER);
    refuseCommonPassword(request.password);
    const email = await refusalsLogged(c, 'reset_password', () =>
      accounts.resetPassword(request.token, request.password, getCookie(c, cookieName) ?? null),
    );
    // Issue 49: the mailed link opens this network to the account again, whatever strangers tried.
    await limits.passwordSet(c, email);
    c.get('securityEvent')('password_reset', email);
    return c.json({ data: { password_changed: true } }, 200, PRIVATE);
  });

  /** Issue 15, L12: the current password is guessed no more easily here than at login. */
  api.post('/change_password', async (c) => {
    const user = await c.get('sessionUser')();
    if (!user) throw new ApiError('not_logged_in');
    const request = parseFields(changePasswordRequestSchema, await readFields(c), REGISTER_CHECK_ORDER);
    refuseCommonPassword(request.password);
    await limits.checkingPassword(c, user.email, () =>
      accounts.changePassword(user.userId, request.current_password, request.password, getCookie(c, cookieName) ?? ''),
    );
    await limits.passwordSet(c, user.email);
    c.get('securityEvent')('password_reset', user.email, 'change_password');
    return c.json({ data: { password_changed: true } }, 200, PRIVATE);
  });

  api.post('/logout_everywhere', async (c) => {
    const user = await c.get('sessionUser')();
    if (!user) throw new ApiError('not_logged_in');
    await accounts.logoutEverywhere(user.userId);
    endSessionCookie(c);
    c.get('securityEvent')('session_revoked', user.email, 'logout_everywhere');
    return c.json({ data: { logged_out: true } }, 200, PRIVATE);
  });

  api.get('/get_account', async (c) => {
    const userId = await sessionUserId(c);
    if (!userId) throw new ApiError('not_logged_in');
    return c.json({ data: await accounts.account(userId) }, 200, PRIVATE);
  });
}

async function sessionUserId(c: Context<ApiEnv>): Promise<string | null> {
  return (await c.get('sessionUser')())?.userId ?? null;
}

function isHttps(c: Context<ApiEnv>, config: Config): boolean {
  return (
    new URL(c.req.url).protocol === 'https:' ||
    (viaTrustedProxy(c, config) && c.req.header('x-forwarded-proto') === 'https')
  );
}

/**
 * A link that does not confirm or reset (a wrong token, password or session) is a refused attempt
 * the operator should see (issue 15, M9), logged as `forbidden` with the call and its code.
 */
async function refusalsLogged<T>(c: Context<ApiEnv>, call: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) c.get('securityEvent')('forbidden', null, `${call}: ${error.code}`);
    throw error;
  }
}

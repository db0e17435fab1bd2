import { setTimeout } from 'node:timers/promises';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  emailRequestSchema,
  loginRequestSchema,
  REGISTER_CHECK_ORDER,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../../lib/account.ts';
import { visitorIdSchema } from '../../../lib/visitor.ts';
import { isCommonPassword } from '../../auth/passwords.ts';
import { loginLimits } from '../../auth/login-throttle.ts';
import { hitLimit, type Limit } from '../../auth/rate-limit.ts';
import { hashToken, SESSION_LIFETIME_SECONDS, sessionCookieName } from '../../auth/sessions.ts';
import { servesHttps, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { AccountService } from '../../services/accounts.ts';
import { ApiError } from '../api-error.ts';
import type { ApiEnv } from '../api-env.ts';
import { clientNetworksOf } from '../client-ip.ts';
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
  /** Per client network, IPv6 by /64 with a second tier per /48 (issue 15, M3). */
  const networkLimits = (c: Context<ApiEnv>, action: string, perNetwork: number, window: number): Limit[] => {
    const { own, wider } = clientNetworksOf(c, config);
    const limits = [{ key: `${action}:ip:${own}`, attempts: perNetwork, windowSeconds: window }];
    if (wider) limits.push({ key: `${action}:ip48:${wider}`, attempts: perNetwork * 3, windowSeconds: window });
    return limits;
  };
  /** A passed limit is 429 with Retry-After (design: sessions). */
  const enforce = async (c: Context<ApiEnv>, limits: Limit[]) => {
    for (const one of limits) {
      const wait = await hitLimit(db, one, clock());
      if (wait !== null) refuse(c, wait);
    }
  };
  /**
   * Mails to one address are throttled silently (issue 15, M2): answering 429 would let anyone
   * use up the clerk's own requests. True when this mail may go.
   */
  const mayMail = async (action: string, email: string) =>
    (await hitLimit(db, { key: `${action}:address:${email}`, attempts: 3, windowSeconds: HOUR }, clock())) === null;
  const startSessionCookie = (c: Context<ApiEnv>, token: string) =>
    setCookie(c, cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: httpsPortal || isHttps(c, config),
      maxAge: SESSION_LIFETIME_SECONDS,
    });
  const visitorOf = (fields: Record<string, unknown>) => {
    const parsed = visitorIdSchema.safeParse(fields['visitor_id_js']);
    return parsed.success ? parsed.data : undefined;
  };

  api.post('/register', async (c) => {
    const fields = await readFields(c);
    const request = parseFields(registerRequestSchema, fields, REGISTER_CHECK_ORDER);
    refuseCommonPassword(request.password);
    c.set('attemptedAccount', request.email);
    // Per address and network together, so that strangers' tries cannot block the clerk's own (issue 15, M2).
    const { own } = clientNetworksOf(c, config);
    await enforce(c, [
      ...networkLimits(c, 'register', 20, HOUR),
      { key: `register:pair:${request.email}|${own}`, attempts: 5, windowSeconds: HOUR },
    ]);
    const { session, userId } = await accounts.register(
      request.email,
      request.password,
      c.get('locale'),
      visitorOf(fields),
    );
    startSessionCookie(c, session);
    c.get('securityEvent')('registered', request.email);
    return c.json({ data: await accounts.account(userId) }, 201, PRIVATE);
  });

  api.post('/confirm_email', async (c) => {
    const { token, password } = parseFields(confirmEmailRequestSchema, await readFields(c));
    // Each try with a password is a guess at it: counted like a login.
    if (password) {
      const { own } = clientNetworksOf(c, config);
      await enforce(c, [
        ...networkLimits(c, 'confirm', 50, QUARTER_HOUR),
        { key: `confirm:pair:${hashToken(token)}|${own}`, attempts: 10, windowSeconds: QUARTER_HOUR },
      ]);
    }
    const email = await accounts.confirmEmail(token, {
      sessionUserId: await sessionUserId(c),
      password: password || undefined,
    });
    c.get('securityEvent')('email_confirmed', email);
    return c.json({ data: { confirmed: true } }, 200, PRIVATE);
  });

  api.post('/resend_confirmation', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    await enforce(c, networkLimits(c, 'resend', 20, HOUR));
    if (await mayMail('resend', email)) await accounts.resendConfirmation(email, c.get('locale'));
    return c.json({ data: { sent: true } }, 200, PRIVATE);
  });

  api.post('/login', async (c) => {
    const fields = await readFields(c);
    const request = parseFields(loginRequestSchema, fields);
    c.set('attemptedAccount', request.email);
    const throttle = loginLimits(request.email, clientNetworksOf(c, config));
    const wait = await throttle.refusal(db, clock());
    if (wait !== null) refuse(c, wait);
    let token: string;
    try {
      token = await accounts.login(request.email, request.password, visitorOf(fields));
    } catch (error) {
      if (error instanceof ApiError) c.get('securityEvent')('login_failed', request.email, error.code);
      if (error instanceof ApiError && (error.code === 'wrong_password' || error.code === 'user_not_found')) {
        await delay(await throttle.failed(db, clock(), error.code === 'wrong_password'));
      }
      throw error;
    }
    await throttle.succeeded(db);
    // Issue 15, L2: the session this browser held before (perhaps planted) ends with a new login.
    const previous = getCookie(c, cookieName);
    if (previous) await accounts.logout(previous);
    c.get('securityEvent')('login_succeeded', request.email);
    startSessionCookie(c, token);
    return c.json({ data: { logged_in: true } }, 200, PRIVATE);
  });

  api.post('/logout', async (c) => {
    const token = getCookie(c, cookieName);
    if (token) await accounts.logout(token);
    deleteCookie(c, cookieName, { path: '/', secure: httpsPortal });
    return c.json({ data: { logged_out: true } }, 200, PRIVATE);
  });

  api.post('/forgot_password', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    await enforce(c, networkLimits(c, 'forgot', 20, HOUR));
    if (await mayMail('forgot', email)) await accounts.forgotPassword(email, c.get('locale'));
    return c.json({ data: { sent: true } }, 200, PRIVATE);
  });

  api.post('/reset_password', async (c) => {
    const request = parseFields(resetPasswordRequestSchema, await readFields(c), REGISTER_CHECK_ORDER);
    refuseCommonPassword(request.password);
    const email = await accounts.resetPassword(request.token, request.password, getCookie(c, cookieName) ?? null);
    c.get('securityEvent')('password_reset', email);
    return c.json({ data: { password_changed: true } }, 200, PRIVATE);
  });

  /** Issue 15, L12: the current password is guessed no more easily here than at login. */
  api.post('/change_password', async (c) => {
    const user = await c.get('sessionUser')();
    if (!user) throw new ApiError('not_logged_in');
    const request = parseFields(changePasswordRequestSchema, await readFields(c), REGISTER_CHECK_ORDER);
    refuseCommonPassword(request.password);
    const throttle = loginLimits(user.email, clientNetworksOf(c, config));
    const wait = await throttle.refusal(db, clock());
    if (wait !== null) refuse(c, wait);
    try {
      await accounts.changePassword(
        user.userId,
        request.current_password,
        request.password,
        getCookie(c, cookieName) ?? '',
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'wrong_password') {
        c.get('securityEvent')('login_failed', user.email, 'change_password');
        await delay(await throttle.failed(db, clock(), true));
      }
      throw error;
    }
    c.get('securityEvent')('password_reset', user.email, 'change_password');
    return c.json({ data: { password_changed: true } }, 200, PRIVATE);
  });

  api.post('/logout_everywhere', async (c) => {
    const user = await c.get('sessionUser')();
    if (!user) throw new ApiError('not_logged_in');
    await accounts.logoutEverywhere(user.userId);
    deleteCookie(c, cookieName, { path: '/', secure: httpsPortal });
    c.get('securityEvent')('session_revoked', user.email, 'logout_everywhere');
    return c.json({ data: { logged_out: true } }, 200, PRIVATE);
  });

  api.get('/get_account', async (c) => {
    const userId = await sessionUserId(c);
    if (!userId) throw new ApiError('not_logged_in');
    return c.json({ data: await accounts.account(userId) }, 200, PRIVATE);
  });
}

function refuse(c: Context<ApiEnv>, wait: number): never {
  c.header('Retry-After', String(wait));
  throw new ApiError('rate_limited');
}

/** Growing delays after failed logins slow guessing down (issue 15, M2). */
const delay = (ms: number) => (ms > 0 ? setTimeout(ms) : Promise.resolve());

/** Design, sessions: a password from the list of the most used ones is refused like a too short one. */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ApiError('password_too_common', { password: 'password_too_common' });
}

async function sessionUserId(c: Context<ApiEnv>): Promise<string | null> {
  return (await c.get('sessionUser')())?.userId ?? null;
}

function isHttps(c: Context<ApiEnv>, config: Config): boolean {
  return (
    new URL(c.req.url).protocol === 'https:' || (config.TRUST_PROXY && c.req.header('x-forwarded-proto') === 'https')
  );
}

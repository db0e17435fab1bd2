import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  confirmEmailRequestSchema,
  emailRequestSchema,
  loginRequestSchema,
  REGISTER_CHECK_ORDER,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../../lib/account.ts';
import { visitorIdSchema } from '../../../lib/visitor.ts';
import { isCommonPassword } from '../../auth/passwords.ts';
import { hitLimit, type Limit } from '../../auth/rate-limit.ts';
import { hashToken, SESSION_COOKIE, SESSION_LIFETIME_SECONDS } from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { AccountService } from '../../services/accounts.ts';
import { ApiError } from '../api-error.ts';
import type { ApiEnv } from '../api-env.ts';
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
  const ipOf = (c: Context<ApiEnv>) => {
    // The last entry is the one the trusted proxy added; those before it come from the client.
    const forwarded = config.TRUST_PROXY ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
    // Only an address: whatever else a client sends there would end up in the counter's key.
    return forwarded && isIP(forwarded) ? forwarded : (getConnInfo(c).remote.address ?? 'unknown');
  };
  /** Per address and per IP (design: sessions); a passed limit is 429 with Retry-After. */
  const limit = async (
    c: Context<ApiEnv>,
    action: string,
    email: string,
    perAddress: number,
    perIp: number,
    window: number,
  ) => {
    const limits: Limit[] = [
      { key: `${action}:address:${email}`, attempts: perAddress, windowSeconds: window },
      { key: `${action}:ip:${ipOf(c)}`, attempts: perIp, windowSeconds: window },
    ];
    for (const one of limits) {
      const wait = await hitLimit(db, one, clock());
      if (wait !== null) {
        c.header('Retry-After', String(wait));
        throw new ApiError('rate_limited');
      }
    }
  };
  const startSessionCookie = (c: Context<ApiEnv>, token: string) =>
    setCookie(c, SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c, config),
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
    await limit(c, 'register', request.email, 5, 20, HOUR);
    const { session, userId } = await accounts.register(
      request.email,
      request.password,
      c.get('locale'),
      visitorOf(fields),
    );
    startSessionCookie(c, session);
    return c.json({ data: await accounts.account(userId) }, 201, PRIVATE);
  });

  api.post('/confirm_email', async (c) => {
    const { token, password } = parseFields(confirmEmailRequestSchema, await readFields(c));
    // Each try with a password is a guess at it: counted like a login.
    if (password !== undefined) await limit(c, 'confirm', hashToken(token), 10, 50, QUARTER_HOUR);
    await accounts.confirmEmail(token, { sessionUserId: await sessionUserId(c), password: password || undefined });
    return c.json({ data: { confirmed: true } }, 200, PRIVATE);
  });

  api.post('/resend_confirmation', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    await limit(c, 'resend', email, 3, 20, HOUR);
    await accounts.resendConfirmation(email, c.get('locale'));
    return c.json({ data: { sent: true } }, 200, PRIVATE);
  });

  api.post('/login', async (c) => {
    const fields = await readFields(c);
    const request = parseFields(loginRequestSchema, fields);
    await limit(c, 'login', request.email, 10, 50, QUARTER_HOUR);
    const token = await accounts.login(request.email, request.password, visitorOf(fields));
    startSessionCookie(c, token);
    return c.json({ data: { logged_in: true } }, 200, PRIVATE);
  });

  api.post('/logout', async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await accounts.logout(token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ data: { logged_out: true } }, 200, PRIVATE);
  });

  api.post('/forgot_password', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    await limit(c, 'forgot', email, 3, 20, HOUR);
    await accounts.forgotPassword(email, c.get('locale'));
    return c.json({ data: { sent: true } }, 200, PRIVATE);
  });

  api.post('/reset_password', async (c) => {
    const request = parseFields(resetPasswordRequestSchema, await readFields(c), REGISTER_CHECK_ORDER);
    refuseCommonPassword(request.password);
    await accounts.resetPassword(request.token, request.password, getCookie(c, SESSION_COOKIE) ?? null);
    return c.json({ data: { password_changed: true } }, 200, PRIVATE);
  });

  api.get('/get_account', async (c) => {
    const userId = await sessionUserId(c);
    if (!userId) throw new ApiError('not_logged_in');
    return c.json({ data: await accounts.account(userId) }, 200, PRIVATE);
  });
}

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

import { setTimeout } from 'node:timers/promises';
import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import { loginLimits, passwordSetFrom } from '../auth/login-throttle.ts';
import { isCommonPassword } from '../auth/passwords.ts';
import { hitLimit, type Limit } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { findUserByEmail } from '../db/queries/users.ts';
import type { ApiEnv } from './api-env.ts';
import { clientNetworksOf } from './client-ip.ts';

const HOUR = 60 * 60;

/** The rate limits of the account calls (docs/api.md, "Rate limits"); a passed one is 429 with Retry-After. */
export function accountLimits(db: Database, config: Config, clock: () => Date) {
  /** Per client network, IPv6 by /64 with a second tier per /48 (issue 15, M3). */
  const networkLimits = (c: Context<ApiEnv>, action: string, perNetwork: number, window: number): Limit[] => {
    const { own, wider } = clientNetworksOf(c, config);
    const limits = [{ key: `${action}:ip:${own}`, attempts: perNetwork, windowSeconds: window }];
    if (wider) limits.push({ key: `${action}:ip48:${wider}`, attempts: perNetwork * 3, windowSeconds: window });
    return limits;
  };

  return {
    networkLimits,

    /** Counts the attempt against each limit; 429 at the first one passed. */
    async enforce(limits: Limit[]): Promise<void> {
      for (const one of limits) {
        const wait = await hitLimit(db, one, clock());
        if (wait !== null) refuse(wait);
      }
    },

    /** One limit per thing and client network together, beside the network's own (issue 15, M2). */
    pairLimit(c: Context<ApiEnv>, action: string, thing: string, attempts: number, window: number): Limit {
      return { key: `${action}:pair:${thing}|${clientNetworksOf(c, config).own}`, attempts, windowSeconds: window };
    },

    /**
     * Mails to one address are throttled silently (issue 15, M2): answering 429 would let anyone
     * use up the clerk's own requests. Counted per address and client network, so a stranger's
     * requests use up the stranger's share, not the clerk's; a higher ceiling per address keeps
     * anyone from flooding a mailbox from many networks. True when this mail may go.
     */
    async mayMail(c: Context<ApiEnv>, action: string, email: string): Promise<boolean> {
      const pair = {
        key: `${action}:pair:${email}|${clientNetworksOf(c, config).own}`,
        attempts: 3,
        windowSeconds: HOUR,
      };
      const address = { key: `${action}:address:${email}`, attempts: 10, windowSeconds: HOUR };
      return (await hitLimit(db, pair, clock())) === null && (await hitLimit(db, address, clock())) === null;
    },

    /**
     * A password check (login, change_password) under the login limits (login-throttle.ts):
     * refused while they are passed; a failure is logged, counted and answered slowly.
     */
    async checkingPassword<T>(c: Context<ApiEnv>, email: string, check: () => Promise<T>): Promise<T> {
      const throttle = loginLimits(email, clientNetworksOf(c, config));
      const user = await findUserByEmail(db, email);
      await throttle.begin(db, clock(), user?.id ?? null);
      try {
        const result = await check();
        await throttle.succeeded(db, clock());
        return result;
      } catch (error) {
        if (error instanceof ApiError) c.get('securityEvent')('login_failed', email, error.code);
        if (error instanceof ApiError && (error.code === 'wrong_password' || error.code === 'user_not_found')) {
          await delay(await throttle.failed(db, clock()));
        } else {
          await throttle.givenBack(db);
        }
        throw error;
      }
    },

    /** After a new password (issue 49): the network it was set from is the account's one known network. */
    async passwordSet(c: Context<ApiEnv>, email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (user) await passwordSetFrom(db, user, clientNetworksOf(c, config), clock());
    },
  };
}

export function refuse(wait: number): never {
  throw ApiError.rateLimited(wait);
}

/** Growing delays after failed logins slow guessing down (issue 15, M2). */
const delay = (ms: number) => (ms > 0 ? setTimeout(ms) : Promise.resolve());

/** Design, sessions: a password from the list of the most used ones is refused like a too short one. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ApiError('password_too_common', { password: 'password_too_common' });
}

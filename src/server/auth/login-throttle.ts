import type { Queryable } from '../db/database.ts';
import { attemptsSoFar, clearCounter, giveBack, hitLimit, type Limit } from './rate-limit.ts';

const QUARTER_HOUR = 15 * 60;
/** Failures of one network for an account that the account's ceiling overlooks: a clerk's typos. */
const TYPOS_FORGIVEN = 2;
const HOUR = 60 * 60;

/** Where a login comes from: the client's own network and its wider one (client-network.ts). */
export interface LoginClient {
  own: string;
  wider: string | null;
}

/**
 * Login limits that strangers cannot turn against a clerk (issue 15, M2). Only failures count.
 * They are counted per account and client network together, so ten wrong passwords from one
 * network refuse that network only; a per-account ceiling stops guessing spread over many
 * networks, but refuses only networks that have themselves failed for that account more than a
 * clerk's typos, so the owner's correct password is not refused for others' failures.
 * Per network, failures for any account are limited too (one client trying many accounts).
 */
export function loginLimits(email: string, client: LoginClient) {
  const limits = {
    pair: { key: `login:pair:${email}|${client.own}`, attempts: 10, windowSeconds: QUARTER_HOUR },
    account: { key: `login:account:${email}`, attempts: 100, windowSeconds: HOUR },
    network: { key: `login:ip:${client.own}`, attempts: 50, windowSeconds: QUARTER_HOUR },
    wider:
      client.wider === null ? null : { key: `login:ip48:${client.wider}`, attempts: 200, windowSeconds: QUARTER_HOUR },
  } satisfies Record<string, Limit | null>;
  const networks = [limits.network, ...(limits.wider ? [limits.wider] : [])];

  const counted = (accountExists: boolean) => [...networks, ...(accountExists ? [limits.account] : [])];

  return {
    /**
     * Counts this attempt before the password is checked, each counter in one statement, so that
     * guesses sent in parallel cannot all pass a check made before any of them was counted.
     * Answers the seconds to wait when a limit is passed, else null. An unknown account is
     * counted per network only: no counter is kept for addresses nobody has (issue 15, M4).
     */
    async begin(db: Queryable, now: Date, accountExists: boolean): Promise<number | null> {
      for (const limit of networks) {
        const wait = await hitLimit(db, limit, now);
        if (wait !== null) return wait;
      }
      if (!accountExists) return null;
      const wait = await hitLimit(db, limits.pair, now);
      if (wait !== null) return wait;
      // The account's ceiling holds back networks that keep failing for it, not the owner's typo.
      const failedBefore = (await attemptsSoFar(db, limits.pair, now)) > TYPOS_FORGIVEN + 1;
      const accountWait = await hitLimit(db, limits.account, now);
      return failedBefore ? accountWait : null;
    },

    /** A wrong password stays counted; answers how long to hold the answer back, growing with this client's failures. */
    async failed(db: Queryable, now: Date): Promise<number> {
      const failures = await attemptsSoFar(db, limits.pair, now);
      return failures <= 3 ? 0 : Math.min(1000, 100 * 2 ** (failures - 4));
    },

    /** An attempt that was no guess (the right password, or refused for another reason) is given back. */
    async givenBack(db: Queryable, accountExists: boolean, rightPassword: boolean): Promise<void> {
      for (const limit of counted(accountExists)) await giveBack(db, limit.key);
      // The right password clears this client's failures for the account.
      if (rightPassword) await clearCounter(db, limits.pair.key);
      else if (accountExists) await giveBack(db, limits.pair.key);
    },
  };
}

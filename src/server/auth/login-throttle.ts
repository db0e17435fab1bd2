import { ApiError } from '../api-error.ts';
import type { Queryable } from '../db/database.ts';
import { forgetOtherNetworks, isKnownNetwork, rememberNetwork } from '../db/queries/login-networks.ts';
import { attemptsSoFar, clearCounter, giveBack, hitLimit, type Limit } from './rate-limit.ts';

const QUARTER_HOUR = 15 * 60;
const DAY = 24 * 60 * 60;
/** docs/api.md, "Rate limits": failed logins per account in 24 hours from networks it has not logged in from. */
const ACCOUNT_CEILING = 50;
/** A network the account has not logged in from for this long is a stranger's again (issue 49). */
export const KNOWN_NETWORK_DAYS = 90;

/** Where a login comes from: the client's own network and its wider one (client-network.ts). */
export interface LoginClient {
  own: string;
  wider: string | null;
}

/**
 * The network an account knows its owner by: IPv6 by its /48 (a customer's site, across the /64s
 * its devices and renumbering move through), IPv4 by its address.
 */
const knownNetworkOf = (client: LoginClient): string => client.wider ?? client.own;

/**
 * Login limits that strangers cannot turn against a clerk (issue 15, M2; issue 49). Only failures
 * count. Per account and client network together, so ten wrong passwords from one network refuse
 * that network only; per network for any account (one client trying many accounts). And a ceiling
 * per account that holds however many networks the guesses are spread over: past it, a network
 * the account has not logged in from is refused before its password is checked, while the
 * networks the owner has logged in from go on as before. An owner somewhere new gets in again by
 * setting a new password through the mailed link, which makes that network a known one.
 */
export function loginLimits(email: string, client: LoginClient) {
  const limits = {
    pair: { key: pairKey(email, client), attempts: 10, windowSeconds: QUARTER_HOUR },
    account: { key: `login:account:${email}`, attempts: ACCOUNT_CEILING, windowSeconds: DAY },
    network: { key: `login:ip:${client.own}`, attempts: 50, windowSeconds: QUARTER_HOUR },
    wider:
      client.wider === null ? null : { key: `login:ip48:${client.wider}`, attempts: 200, windowSeconds: QUARTER_HOUR },
  } satisfies Record<string, Limit | null>;
  const networks = [limits.network, ...(limits.wider ? [limits.wider] : [])];
  const known = knownNetworkOf(client);
  /** Set by begin: the account, and whether this attempt counts against its ceiling. */
  let account: { userId: string; ceilingCounted: boolean } | null = null;

  /** What an attempt counted beside the pair of account and network. */
  const counted = () => [...networks, ...(account?.ceilingCounted ? [limits.account] : [])];

  return {
    /**
     * Counts this attempt before the password is checked, each counter in one statement, so that
     * guesses sent in parallel cannot all pass a check made before any of them was counted.
     * Throws the refusal when a limit is passed. An unknown account is counted per network only:
     * no counter is kept for addresses nobody has (issue 15, M4).
     */
    async begin(db: Queryable, now: Date, userId: string | null): Promise<void> {
      for (const limit of networks) refuseAfter(await hitLimit(db, limit, now));
      if (userId === null) return;
      const ceilingCounted = !(await isKnownNetwork(db, userId, known, knownSince(now)));
      account = { userId, ceilingCounted };
      if (ceilingCounted) {
        const wait = await hitLimit(db, limits.account, now);
        // Refused before this network's own count: the owner's tries from here are not held against them later.
        if (wait !== null) throw ApiError.of({ code: 'account_guarded', retryAfter: wait });
      }
      const wait = await hitLimit(db, limits.pair, now);
      if (wait === null) return;
      // No password is checked, so none counts against the account's ceiling.
      if (ceilingCounted) await giveBack(db, limits.account.key);
      throw ApiError.rateLimited(wait);
    },

    /** A wrong password stays counted; answers how long to hold the answer back, growing with this client's failures. */
    async failed(db: Queryable, now: Date): Promise<number> {
      const failures = await attemptsSoFar(db, limits.pair, now);
      return failures <= 3 ? 0 : Math.min(1000, 100 * 2 ** (failures - 4));
    },

    /** The right password: no guess. This client's failures for the account are cleared, its network known. */
    async succeeded(db: Queryable, now: Date): Promise<void> {
      for (const limit of counted()) await giveBack(db, limit.key);
      if (!account) return;
      await clearCounter(db, limits.pair.key);
      await rememberNetwork(db, account.userId, known, now);
    },

    /** An attempt refused for another reason than its password is given back. */
    async givenBack(db: Queryable): Promise<void> {
      for (const limit of counted()) await giveBack(db, limit.key);
      if (account) await giveBack(db, limits.pair.key);
    },
  };
}

/**
 * A new password, set with the mailed link or the current one (issue 49): the networks known
 * before are forgotten (one an intruder logged in from among them), the one it was set from is
 * known, and its failures for the account are cleared, so the owner logs in from there at once.
 */
export async function passwordSetFrom(
  db: Queryable,
  user: { id: string; email: string },
  client: LoginClient,
  now: Date,
): Promise<void> {
  const network = knownNetworkOf(client);
  await forgetOtherNetworks(db, user.id, network);
  await rememberNetwork(db, user.id, network, now);
  await clearCounter(db, pairKey(user.email, client));
}

function pairKey(email: string, client: LoginClient): string {
  return `login:pair:${email}|${client.own}`;
}

function knownSince(now: Date): Date {
  return new Date(now.getTime() - KNOWN_NETWORK_DAYS * DAY * 1000);
}

function refuseAfter(wait: number | null): void {
  if (wait !== null) throw ApiError.rateLimited(wait);
}

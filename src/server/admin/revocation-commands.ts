import { emailSchema } from '../../lib/account.ts';
import type { Database } from '../db/database.ts';
import { disableUser, disallowEmail, endSessionsOf } from '../db/queries/revocation.ts';
import { securityLine, stdoutSecurityLog, type SecurityLogSink } from '../security-log.ts';

/**
 * Issue 15, M8: taking editing rights away. Sessions are checked against the allowlist and the
 * user's state on every use, so these act at the user's next request; ending the sessions too
 * also ends what a page has loaded already at its next call.
 */
export const REVOCATION_USAGE = `  disallow-email <gkz> <email>                        take an address off a municipality's list; its user is out
  disable-user <email>                                the user can no longer log in; their sessions end
  end-sessions <email>                                log the user out everywhere (they can log in again)`;

export async function runRevocation(
  db: Database,
  command: 'disallow-email' | 'disable-user' | 'end-sessions',
  args: readonly string[],
  fail: (message: string) => Error,
  securityLog: SecurityLogSink = stdoutSecurityLog,
): Promise<string[]> {
  const address = (text: string | undefined) => {
    const parsed = emailSchema.safeParse(text ?? '');
    if (!parsed.success) throw fail(`"${text ?? ''}" is not a valid e-mail address.`);
    return parsed.data;
  };
  const { lines, account } = await db.transaction(async (tx) => {
    if (command === 'disallow-email') {
      const [gkz = '', email] = args;
      const normalised = address(email);
      if (!(await disallowEmail(tx, gkz, normalised))) throw fail(`${normalised} is not allowed for ${gkz}.`);
      const ended = await endSessionsOf(tx, normalised);
      return { account: normalised, lines: [`Disallowed ${normalised} for ${gkz}; ${ended} session(s) ended.`] };
    }
    const email = address(args[0]);
    if (command === 'disable-user') {
      if (!(await disableUser(tx, email))) throw fail(`No user ${email}.`);
      return { account: email, lines: [`Disabled ${email}; ${await endSessionsOf(tx, email)} session(s) ended.`] };
    }
    return { account: email, lines: [`Ended ${await endSessionsOf(tx, email)} session(s) of ${email}.`] };
  });
  securityLog(securityLine(new Date(), 'session_revoked', { account, reason: command }));
  return lines;
}

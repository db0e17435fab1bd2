import type { OperatorService } from '../services/operator.ts';
import { securityLine, stdoutSecurityLog, type SecurityLogSink } from '../security-log.ts';

/**
 * Issue 15, M8: taking editing rights away. Sessions are checked against the allowlist and the
 * user's state on every use, so these act at the user's next request; ending the sessions too
 * also ends what a page has loaded already at its next call. The work is the operator service's
 * (issue 22), shared with the console.
 */
export const REVOCATION_USAGE = `  disallow-email <gkz> <email>                        take an address off a municipality's list; its user is out
  disable-user <email>                                the user can no longer log in; their sessions end
  end-sessions <email>                                log the user out everywhere (they can log in again)`;

export async function runRevocation(
  operator: OperatorService,
  actor: string,
  command: 'disallow-email' | 'disable-user' | 'end-sessions',
  args: readonly string[],
  securityLog: SecurityLogSink = stdoutSecurityLog,
): Promise<string[]> {
  const [first = '', second = ''] = args;
  let line: string;
  let account: string;
  if (command === 'disallow-email') {
    account = second.trim().toLowerCase();
    line = `Disallowed ${account} for ${first}; ${await operator.disallowEmail(actor, first, second)} session(s) ended.`;
  } else if (command === 'disable-user') {
    account = first.trim().toLowerCase();
    line = `Disabled ${account}; ${await operator.disableUser(actor, first)} session(s) ended.`;
  } else {
    account = first.trim().toLowerCase();
    line = `Ended ${await operator.endSessions(actor, first)} session(s) of ${account}.`;
  }
  securityLog(securityLine(new Date(), 'session_revoked', { account, reason: command }));
  return [line];
}

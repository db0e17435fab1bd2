/**
 * Issue 15, M9: one JSON line per security event on stdout, for the operator's log collector.
 * A line names the time, the event, the client's address and the account (its e-mail address,
 * when known), never a token or a password: callers pass only these fields.
 */
export type SecurityEvent =
  | 'login_failed'
  | 'login_succeeded'
  | 'rate_limited'
  | 'forbidden'
  | 'registered'
  | 'email_confirmed'
  | 'password_reset'
  | 'session_revoked';

export interface SecurityLine {
  /** Marks the line among the server's other output. */
  log: 'security';
  time: string;
  event: SecurityEvent;
  ip: string | null;
  account: string | null;
  /** Why, in a stable word (an error code, a command), when the event alone does not say. */
  reason?: string;
}

export type SecurityLogSink = (line: SecurityLine) => void;

export const stdoutSecurityLog: SecurityLogSink = (line) => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

export function securityLine(
  time: Date,
  event: SecurityEvent,
  details: { ip?: string | null; account?: string | null; reason?: string },
): SecurityLine {
  return {
    log: 'security',
    time: time.toISOString(),
    event,
    ip: details.ip ?? null,
    account: details.account ?? null,
    ...(details.reason ? { reason: details.reason } : {}),
  };
}

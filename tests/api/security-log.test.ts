import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRevocation } from '../../src/server/admin/revocation-commands.ts';
import { createOperatorService } from '../../src/server/services/operator.ts';
import type { SecurityLine } from '../../src/server/security-log.ts';
import { GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, M9: one JSON line per security event, with time, address and account, never a secret. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const response = await server.fetch(`/api/${path}`, { method: 'POST', body: new URLSearchParams(fields), headers });
  return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' };
};
const PASSWORD = 'Marktplatz-2027';

describe('security log', () => {
  it('writes each event of an account once, with time, address and account, and no secret', async () => {
    const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
    await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
    const from = server.securityLog.length;
    // Issue 49: the cookie of the registering browser, which confirms its link.
    const { cookie } = await post('register', { email, password: PASSWORD, password_repeat: PASSWORD });
    const confirmToken = server.mails.at(-1)!.link.split('/anmelden/')[1]!;
    expect((await post('confirm_email', { token: confirmToken }, { Cookie: cookie })).status).toBe(200);
    expect((await post('login', { email, password: 'Falsch-2027' })).status).toBe(401);
    expect((await post('login', { email, password: PASSWORD })).status).toBe(200);
    await post('forgot_password', { email });
    const resetToken = server.mails.at(-1)!.link.split('/anmelden/')[1]!;
    const newPassword = 'Neues-Passwort-2027';
    await post('reset_password', { token: resetToken, password: newPassword, password_repeat: newPassword });
    expect((await post('logout', {}, { Origin: 'https://evil.example' })).status).toBe(403);

    const lines = server.securityLog.slice(from);
    expect(lines.map((line) => [line.event, line.account])).toEqual([
      ['registered', email],
      ['email_confirmed', email],
      ['login_failed', email],
      ['login_succeeded', email],
      ['password_reset', email],
      ['forbidden', null],
    ]);
    expect(lines[2]?.reason).toBe('wrong_password');
    for (const line of lines) {
      expect(line).toMatchObject({ log: 'security', ip: '127.0.0.1' });
      expect(new Date(line.time).getTime()).not.toBeNaN();
    }
    const text = JSON.stringify(lines);
    for (const secret of [PASSWORD, 'Falsch-2027', newPassword, confirmToken, resetToken, cookie.split('=')[1]!])
      expect(text).not.toContain(secret);
  });

  it('logs refusals by the rate limit and across municipalities', async () => {
    const from = server.securityLog.length;
    for (let i = 0; i < 52; i++) await post('login', { email: `niemand${i}@gemeinde.example`, password: 'x' });
    expect(server.securityLog.slice(from).some((line) => line.event === 'rate_limited')).toBe(true);
  });

  it('logs a link that does not confirm or reset as forbidden, without the token', async () => {
    const from = server.securityLog.length;
    const token = 'nicht-echt-aber-lang-genug-fuer-ein-token-123';
    await post('confirm_email', { token, password: 'Falsch-2027', password_repeat: 'Falsch-2027' });
    await post('reset_password', { token, password: 'Neues-Passwort-2027', password_repeat: 'Neues-Passwort-2027' });
    const lines = server.securityLog.slice(from);
    expect(lines.map((line) => [line.event, line.reason?.split(':')[0]])).toEqual([
      ['forbidden', 'confirm_email'],
      ['forbidden', 'reset_password'],
    ]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('logs what became of a registration, which its answer does not tell (issue 49)', async () => {
    const from = server.securityLog.length;
    await post('register', { email: 'vertippt@gemeinde.example', password: PASSWORD, password_repeat: PASSWORD });
    expect(server.securityLog.slice(from)).toMatchObject([
      { event: 'registered', account: 'vertippt@gemeinde.example', reason: 'not_on_file' },
    ]);
  });

  it('logs a write before confirming as forbidden', async () => {
    // An account whose address was never confirmed (issue 49: from before registrations waited for their mail).
    const { email, cookie } = await loggedInUser(server.db, GKZ_A, { confirmed: false });
    const from = server.securityLog.length;
    await post('delete_market', { id: 'irgendeiner' }, { Cookie: cookie });
    expect(server.securityLog.slice(from)).toMatchObject([
      { event: 'forbidden', account: email, reason: '/api/delete_market: email_not_confirmed' },
    ]);
  });

  it('logs the sessions an operator revoked', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    const lines: SecurityLine[] = [];
    const operator = createOperatorService({ db: server.db, clock: () => new Date() });
    await runRevocation(
      operator,
      'command line (test)',
      'end-sessions',
      [clerk.email],
      (line) => void lines.push(line),
    );
    expect(lines).toMatchObject([{ event: 'session_revoked', account: clerk.email, reason: 'end-sessions' }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/server/admin/commands.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, M8: moving or removing an allowed address, or disabling a user, puts them out at their next request. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const KIRTAG = { title: 'Kirtag', type: 'kirtag', schedule: 'dates', location: 'Hartberg' };
async function save(cookie: string): Promise<number> {
  const response = await server.fetch('/api/save_market', {
    method: 'POST',
    body: JSON.stringify(KIRTAG),
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
  });
  return response.status;
}
async function login(email: string, password: string): Promise<string | undefined> {
  const response = await server.fetch('/api/login', { method: 'POST', body: new URLSearchParams({ email, password }) });
  return ((await response.json()) as { error?: { code: string } }).error?.code;
}

describe('revocation', () => {
  it('disallow-email: the user is out at the next request and cannot log in again', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    await server.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      clerk.userId,
      await hashPassword('Marktplatz-2027'),
    ]);
    expect(await save(clerk.cookie)).toBe(200);
    expect(await runCommand(server.db, ['disallow-email', GKZ_A, clerk.email])).toEqual([
      `Disallowed ${clerk.email} for ${GKZ_A}; 1 session(s) ended.`,
    ]);
    expect(await save(clerk.cookie)).toBe(401);
    expect(await login(clerk.email, 'Marktplatz-2027')).toBe('email_not_on_file');
  });

  it('moving an address to another municipality ends the session on use, even one not ended by a command', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    expect(await save(clerk.cookie)).toBe(200);
    await runCommand(server.db, ['allow-email', GKZ_B, clerk.email]);
    expect(await save(clerk.cookie)).toBe(401);
  });

  it('a moved address takes its account along: the clerk logs in again, into the new municipality', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    await server.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      clerk.userId,
      await hashPassword('Marktplatz-2027'),
    ]);
    await runCommand(server.db, ['allow-email', GKZ_B, clerk.email]);
    expect(await save(clerk.cookie)).toBe(401);
    expect(await login(clerk.email, 'Marktplatz-2027')).toBeUndefined();
    const [user] = await server.db.query<{ gkz: string }>('SELECT gkz FROM users WHERE id = $1', [clerk.userId]);
    expect(user?.gkz).toBe(GKZ_B);
  });

  it('disable-user and end-sessions', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    expect(await runCommand(server.db, ['end-sessions', clerk.email])).toEqual([
      `Ended 1 session(s) of ${clerk.email}.`,
    ]);
    expect(await save(clerk.cookie)).toBe(401);
    const other = await loggedInUser(server.db, GKZ_A);
    await server.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      other.userId,
      await hashPassword('Marktplatz-2027'),
    ]);
    expect(await runCommand(server.db, ['disable-user', other.email])).toEqual([
      `Disabled ${other.email}; 1 session(s) ended.`,
    ]);
    expect(await save(other.cookie)).toBe(401);
    expect(await login(other.email, 'Marktplatz-2027')).toBe('email_not_on_file');
    await expect(runCommand(server.db, ['disable-user', 'niemand@gemeinde.example'])).rejects.toThrow(
      'No user niemand@gemeinde.example.',
    );
  });
});

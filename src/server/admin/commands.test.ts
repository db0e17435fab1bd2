import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { BUNDLED_DISTRICTS, BUNDLED_MUNICIPALITIES, importBundledMasterDataIfEmpty } from '../master-data/import.ts';
import { CommandError, runCommand } from './commands.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null, template: inject('pgliteTemplate') });
  await importBundledMasterDataIfEmpty(db);
});
afterAll(() => db.close());

const allowed = async () =>
  db.query<{ email: string; gkz: string }>('SELECT email, gkz FROM allowed_emails ORDER BY email');
const csv = (text: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-admin-')), 'allowed.csv');
  writeFileSync(file, text);
  return file;
};

describe('operator commands', () => {
  it('allow-email files a normalised address for a municipality', async () => {
    expect(await runCommand(db, ['allow-email', '62219', ' Marktamt@Hartberg.at '])).toEqual([
      'Allowed marktamt@hartberg.at for 62219.',
    ]);
    expect(await allowed()).toContainEqual({ email: 'marktamt@hartberg.at', gkz: '62219' });
  });

  it('import-allowed takes all lines or none', async () => {
    const before = await allowed();
    await expect(
      runCommand(db, ['import-allowed', csv('gkz;email\n30101;a@krems.at\n99999;b@x.at\n30101;kaputt\n')]),
    ).rejects.toThrow(
      /line 3: "99999" is not a municipality code[\s\S]*line 4: "kaputt" is not a valid e-mail address/,
    );
    expect(await allowed()).toEqual(before);
    expect(await runCommand(db, ['import-allowed', csv('# Krems\n30101;a@krems.at\r\n30101;b@krems.at\n')])).toEqual([
      'Allowed 2 addresses.',
    ]);
    expect(await allowed()).toEqual(expect.arrayContaining([{ email: 'b@krems.at', gkz: '30101' }]));
  });

  it('list-users shows each user with municipality and confirmation', async () => {
    expect(await runCommand(db, ['list-users'])).toEqual(['No users yet.']);
    await db.query(
      `INSERT INTO users (id, email, password_hash, gkz) VALUES ('7d9f1c2e-0000-4000-8000-000000000001', 'a@krems.at', 'x', '30101')`,
    );
    const [line] = await runCommand(db, ['list-users']);
    expect(line).toMatch(/^a@krems\.at\t30101 Krems an der Donau\tnot confirmed\tsince \d{4}-\d\d-\d\d/);
    expect(line).not.toContain('x\t');
  });

  it('import-municipalities updates master data from the official lists', async () => {
    await db.query(`UPDATE municipalities SET name = 'Alt' WHERE gkz = '62219'`);
    const [message] = await runCommand(db, [
      'import-municipalities',
      BUNDLED_MUNICIPALITIES.pathname,
      BUNDLED_DISTRICTS.pathname,
    ]);
    expect(message).toBe('Imported 2095 municipalities, 94 districts, 9 states; 1 new or changed.');
    expect(await db.query(`SELECT name FROM municipalities WHERE gkz = '62219'`)).toEqual([{ name: 'Hartberg' }]);
  });

  it('backup and restore say in one line what they did, or why they refused', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-admin-')), 'portal.jsonl.gz');
    const [backedUp] = await runCommand(db, ['backup', file]);
    expect(backedUp).toMatch(
      /^Backed up 18 tables, \d+ rows \(states 9, districts 94, .*, users 1, .*\) and 0 photo files to .*portal\.jsonl\.gz \(\d+ kB\) in \d+\.\d s\.$/,
    );
    const before = await allowed();
    await db.query('DELETE FROM allowed_emails');
    const [restored] = await runCommand(db, ['restore', file]);
    expect(restored).toMatch(
      /^Restored 18 tables, \d+ rows \(.*\) and 0 photo files from .*portal\.jsonl\.gz \(\d+ kB, made \S+ on pglite\) in \d+\.\d s; sessions ended, content version now \d+\.$/,
    );
    expect(await allowed()).toEqual(before);
    await expect(runCommand(db, ['backup', file])).rejects.toThrow(
      new CommandError(`${file} already exists: name a new file or move the old one away.`),
    );
    await expect(runCommand(db, ['restore', '/no/such/backup.gz'])).rejects.toThrow(
      new CommandError('Nothing restored: cannot read /no/such/backup.gz: no such file or folder.'),
    );
  });

  it('make-operator grants the console to a registered, confirmed user only, and says why not', async () => {
    await expect(runCommand(db, ['make-operator', 'niemand@krems.at'])).rejects.toThrow(
      new CommandError('No user niemand@krems.at: they register first.'),
    );
    await expect(runCommand(db, ['make-operator', 'a@krems.at'])).rejects.toThrow(
      new CommandError('a@krems.at has not confirmed their address yet: they click the link in the mail first.'),
    );
    await expect(runCommand(db, ['make-operator', 'kein-mail'])).rejects.toThrow(
      new CommandError('"kein-mail" is not a valid e-mail address.'),
    );
    await db.query(`UPDATE users SET email_confirmed_at = now() WHERE email = 'a@krems.at'`);
    expect(await runCommand(db, ['make-operator', ' A@Krems.at '])).toEqual([
      'a@krems.at may now use the console at /verwaltung (after logging in again).',
    ]);
    expect(
      await db.query(`SELECT operator_since IS NOT NULL AS operator FROM users WHERE email = 'a@krems.at'`),
    ).toEqual([{ operator: true }]);
  });

  it('writes every command that changes something to the audit log, naming the command line and the OS user', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_actions');
    await runCommand(db, ['allow-email', '62219', 'kassa@hartberg.at']);
    await runCommand(db, ['set-quota', '62219', 'markets', '80']);
    await runCommand(db, ['disallow-email', '62219', 'kassa@hartberg.at']);
    await expect(runCommand(db, ['disallow-email', '62219', 'kassa@hartberg.at'])).rejects.toThrow(CommandError);
    const entries = await db.query<{ actor: string; action: string; gkz: string; email: string | null }>(
      'SELECT actor, action, gkz, email FROM operator_actions ORDER BY id DESC LIMIT 3',
    );
    expect(entries.map((entry) => [entry.action, entry.gkz, entry.email])).toEqual([
      ['disallow_email', '62219', 'kassa@hartberg.at'],
      ['set_quota', '62219', null],
      ['allow_email', '62219', 'kassa@hartberg.at'],
    ]);
    expect(entries[0]!.actor).toMatch(/^command line \(.+\)$/);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_actions');
    // The refused second disallow left no entry: the log shares the action's transaction.
    expect(after[0]!.n - before[0]!.n).toBe(3);
  });

  it('explains wrong use', async () => {
    await expect(runCommand(db, ['allow-email', '62219'])).rejects.toThrow(CommandError);
    await expect(runCommand(db, ['delete-everything'])).rejects.toThrow(/Unknown command "delete-everything"/);
    await expect(runCommand(db, ['import-allowed', '/no/such/file.csv'])).rejects.toThrow(
      'Cannot read /no/such/file.csv.',
    );
  });
});

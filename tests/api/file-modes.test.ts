import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { restrictFileModes } from '../../src/server/file-modes.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';

/** Issue 15, M10: the embedded database and the outbox are the portal user's alone. */
const modeOf = (target: string) => statSync(target).mode & 0o777;
const MAIL = { to: 'a@b.at', subject: 'Test', text: 'x', html: '<p>x</p>', link: 'http://p.test/anmelden/geheim123' };

describe('file modes', () => {
  it('makes the data folder 700, database files and outbox mails 600', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-modes-')), 'data');
    process.umask(0o022); // what a usual login shell gives the server
    expect(restrictFileModes(dataDir)).toEqual([]);
    const db = await openDatabase({ dataDir });
    await db.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite')) & 0o077).toBe(0);

    process.umask(0o000); // the mailer does not rely on the umask
    await createMailer(loadConfig({ DATA_DIR: dataDir })).send(MAIL);
    const outbox = path.join(dataDir, 'outbox');
    expect(modeOf(outbox)).toBe(0o700);
    for (const file of readdirSync(outbox)) expect(modeOf(path.join(outbox, file))).toBe(0o600);
    process.umask(0o077);
  });

  it('makes a data folder others may enter private at start, and says so', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-modes-'));
    expect(restrictFileModes(dataDir)).toEqual([]);
    mkdirSync(path.join(dataDir, 'outbox'));
    writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'x');
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o666);
    const [notice, ...more] = restrictFileModes(dataDir);
    expect(more).toEqual([]);
    expect(notice).toMatch(/was open to others \(755\); it is 700 now/);
    expect(modeOf(dataDir)).toBe(0o700);
  });
});

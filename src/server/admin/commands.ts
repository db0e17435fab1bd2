import { readFileSync } from 'node:fs';
import { emailSchema } from '../../lib/account.ts';
import { backupDatabase, BackupError, restoreDatabase, type BackupSummary } from '../db/backup.ts';
import type { Database, Queryable } from '../db/database.ts';
import { allowEmail } from '../db/queries/allowed-emails.ts';
import { listMunicipalities } from '../db/queries/places.ts';
import { moveUser } from '../db/queries/revocation.ts';
import { listUsersWithMunicipality } from '../db/queries/users.ts';
import { importMasterData } from '../master-data/import.ts';
import { shown } from './operator-text.ts';
import { QUOTA_USAGE, runQuotaCommand } from './quota-commands.ts';
import { REVOCATION_USAGE, runRevocation } from './revocation-commands.ts';

/** A mistake in an operator's command: printed as it is, exit code 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export const USAGE = `Usage: npm run admin -- <command>
  allow-email <gkz> <email>                           allow one staff address of a municipality to register
  import-allowed <file.csv>                           allow many: lines "gkz;email" (all or nothing)
  list-users                                          registered users with municipality and confirmation
  import-municipalities <gemliste.csv> <polbezirke.csv>  update master data from Statistik Austria's lists
  backup <file.jsonl.gz>                              write all data to a new file (for either database)
  restore <file.jsonl.gz>                             replace all data with a backup's (all or nothing)
${REVOCATION_USAGE}
${QUOTA_USAGE}`;

/** Runs one operator command; answers the lines to print. */
export async function runCommand(db: Database, args: readonly string[]): Promise<string[]> {
  const [command, ...rest] = args;
  switch (command) {
    case 'allow-email': {
      const [gkz, email] = expectArgs(rest, 2);
      return [await allowEmails(db, [{ gkz, email, line: 0 }])];
    }
    case 'import-allowed': {
      const [file] = expectArgs(rest, 1);
      return [await allowEmails(db, parseAllowedCsv(readText(file)))];
    }
    case 'list-users':
      return listUsers(db);
    case 'disallow-email':
      return runRevocation(db, command, expectArgs(rest, 2), (message) => new CommandError(message));
    case 'quotas':
      return runQuotaCommand(db, command, expectArgs(rest, 1), (message) => new CommandError(message));
    case 'set-quota':
      return runQuotaCommand(db, command, expectArgs(rest, 3), (message) => new CommandError(message));
    case 'disable-user':
    case 'end-sessions':
      return runRevocation(db, command, expectArgs(rest, 1), (message) => new CommandError(message));
    case 'import-municipalities': {
      const [municipalities, districts] = expectArgs(rest, 2);
      const result = await db.transaction((tx) => importMasterData(tx, readText(municipalities), readText(districts)));
      return [
        `Imported ${result.municipalities} municipalities, ${result.districts} districts, ${result.states} states.`,
      ];
    }
    case 'backup': {
      const [file] = expectArgs(rest, 1);
      const done = await asCommand(() => backupDatabase(db, file));
      return [`Backed up ${rowsOf(done)} to ${file} (${sizeOf(done)}) in ${secondsOf(done)}.`];
    }
    case 'restore': {
      const [file] = expectArgs(rest, 1);
      const done = await asCommand(() => restoreDatabase(db, file));
      return [
        `Restored ${rowsOf(done)} from ${file} (${sizeOf(done)}, made ${done.createdAt} on ${done.source}) ` +
          `in ${secondsOf(done)}; sessions ended, content version now ${done.contentVersion}.`,
      ];
    }
    default:
      throw new CommandError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
  }
}

interface AllowedLine {
  gkz: string;
  email: string;
  line: number;
}

export function parseAllowedCsv(text: string): AllowedLine[] {
  return text
    .split(/\r?\n/)
    .map((content, index) => ({ content: content.trim(), line: index + 1 }))
    .filter(({ content }) => content && !content.startsWith('#') && !/^gkz\s*;/i.test(content))
    .map(({ content, line }) => {
      const [gkz = '', email = ''] = content.split(';').map((cell) => cell.trim());
      return { gkz, email, line };
    });
}

/** Checks every line first and writes all or nothing, so a typo never half-imports a list. */
async function allowEmails(db: Database, lines: readonly AllowedLine[]): Promise<string> {
  if (lines.length === 0) throw new CommandError('No addresses given.');
  const known = new Set((await listMunicipalities(db)).map((row) => row.gkz));
  const problems: string[] = [];
  const valid = lines.flatMap(({ gkz, email, line }) => {
    const where = line ? `line ${line}: ` : '';
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) problems.push(`${where}${shown(email)} is not a valid e-mail address`);
    else if (!known.has(gkz)) problems.push(`${where}${shown(gkz)} is not a municipality code (gkz) on file`);
    return parsed.success && known.has(gkz) ? [{ gkz, email: parsed.data }] : [];
  });
  if (problems.length > 0) throw new CommandError(`Nothing imported:\n  ${problems.join('\n  ')}`);
  await db.transaction(async (tx: Queryable) => {
    for (const { gkz, email } of valid) {
      await allowEmail(tx, email, gkz);
      await moveUser(tx, email, gkz);
    }
  });
  return valid.length === 1 ? `Allowed ${valid[0]!.email} for ${valid[0]!.gkz}.` : `Allowed ${valid.length} addresses.`;
}

async function listUsers(db: Database): Promise<string[]> {
  const users = await listUsersWithMunicipality(db);
  if (users.length === 0) return ['No users yet.'];
  return users.map(
    (u) => `${u.email}\t${u.gkz} ${u.name}\t${u.confirmed ? 'confirmed' : 'not confirmed'}\tsince ${u.created}`,
  );
}

async function asCommand<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof BackupError ? new CommandError(error.message) : error;
  }
}

const rowsOf = ({ counts }: BackupSummary) =>
  `${counts.length} tables, ${counts.reduce((sum, [, rows]) => sum + rows, 0)} rows ` +
  `(${counts.map(([table, rows]) => `${table} ${rows}`).join(', ')})`;
const sizeOf = ({ bytes }: BackupSummary) =>
  bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
const secondsOf = ({ seconds }: BackupSummary) => `${seconds.toFixed(1)} s`;

function expectArgs(args: readonly string[], count: 1): [string];
function expectArgs(args: readonly string[], count: 2): [string, string];
function expectArgs(args: readonly string[], count: 3): [string, string, string];
function expectArgs(args: readonly string[], count: number): string[] {
  if (args.length !== count) throw new CommandError(USAGE);
  return [...args];
}

/**
 * A list's text; a line with a control character (NUL, an escape sequence) is refused with its
 * number, shown escaped (issue 15, L9): the database refuses NUL, and a terminal obeys escapes.
 */
function readText(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CommandError(`Cannot read ${file}.`);
  }
  const lines = text.split('\n');
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  const bad = lines.findIndex((line) => /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(line));
  if (bad >= 0) {
    throw new CommandError(
      `Nothing imported: line ${bad + 1} of ${file} holds a control character: ${shown(lines[bad]!)}`,
    );
  }
  return text;
}

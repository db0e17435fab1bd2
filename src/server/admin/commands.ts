import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { backupDatabase, BackupError, restoreDatabase, type BackupSummary } from '../db/backup.ts';
import type { Database } from '../db/database.ts';
import { listUsersWithMunicipality } from '../db/queries/users.ts';
import { createOperatorService, type AllowedLine, type OperatorService } from '../services/operator.ts';
import { OperatorRefusal } from '../services/operator-refusal.ts';
import { shown } from '../services/operator-text.ts';
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
  make-operator <email>                               let a registered, confirmed user into the console (/verwaltung)
  backup <file.jsonl.gz>                              write all data to a new file (for either database)
  restore <file.jsonl.gz>                             replace all data with a backup's (all or nothing)
${REVOCATION_USAGE}
${QUOTA_USAGE}`;

/** Who the audit log names for a command (issue 22): the command line and the OS account that ran it. */
export function commandLineActor(): string {
  let name = process.env['USER'] ?? 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // A container without a passwd entry for the uid: the environment's name will do.
  }
  return `command line (${name})`;
}

/** Runs one operator command; answers the lines to print. */
export async function runCommand(
  db: Database,
  args: readonly string[],
  actor: string = commandLineActor(),
  /** Where the uploaded photos are (DATA_DIR/market-photos), for backup and restore (issue 20). */
  photoDir: string | null = null,
): Promise<string[]> {
  const operator = createOperatorService({ db, clock: () => new Date() });
  try {
    return await runOperation(db, operator, actor, args, photoDir);
  } catch (error) {
    throw error instanceof OperatorRefusal ? new CommandError(error.detail) : error;
  }
}

async function runOperation(
  db: Database,
  operator: OperatorService,
  actor: string,
  args: readonly string[],
  photoDir: string | null,
): Promise<string[]> {
  const [command, ...rest] = args;
  switch (command) {
    case 'allow-email': {
      const [gkz, email] = expectArgs(rest, 2);
      return [allowedLine(await operator.allowEmails(actor, [{ gkz, email, line: 0 }]))];
    }
    case 'import-allowed': {
      const [file] = expectArgs(rest, 1);
      return [allowedLine(await operator.allowEmails(actor, parseAllowedCsv(readText(file))))];
    }
    case 'list-users':
      return listUsers(db);
    case 'disallow-email':
      return runRevocation(operator, actor, command, expectArgs(rest, 2));
    case 'quotas':
      return runQuotaCommand(operator, actor, command, expectArgs(rest, 1));
    case 'set-quota':
      return runQuotaCommand(operator, actor, command, expectArgs(rest, 3));
    case 'disable-user':
    case 'end-sessions':
      return runRevocation(operator, actor, command, expectArgs(rest, 1));
    case 'import-municipalities': {
      const [municipalities, districts] = expectArgs(rest, 2);
      const { counts, changes } = await operator.importMasterData(actor, readText(municipalities), readText(districts));
      return [
        `Imported ${counts.municipalities} municipalities, ${counts.districts} districts, ${counts.states} states` +
          (changes.length > 0 ? `; ${changes.length} new or changed.` : '.'),
      ];
    }
    case 'make-operator': {
      const [email] = expectArgs(rest, 1);
      await operator.makeOperator(actor, email);
      return [`${email.trim().toLowerCase()} may now use the console at /verwaltung (after logging in again).`];
    }
    case 'backup': {
      const [file] = expectArgs(rest, 1);
      const done = await asCommand(() => backupDatabase(db, file, photoDir));
      return [`Backed up ${rowsOf(done)} to ${file} (${sizeOf(done)}) in ${secondsOf(done)}.`];
    }
    case 'restore': {
      const [file] = expectArgs(rest, 1);
      const done = await asCommand(() => restoreDatabase(db, file, photoDir));
      return [
        `Restored ${rowsOf(done)} from ${file} (${sizeOf(done)}, made ${done.createdAt} on ${done.source}) ` +
          `in ${secondsOf(done)}; sessions ended, content version now ${done.contentVersion}.`,
      ];
    }
    default:
      throw new CommandError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
  }
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

const allowedLine = (valid: readonly { gkz: string; email: string }[]) =>
  valid.length === 1 ? `Allowed ${valid[0]!.email} for ${valid[0]!.gkz}.` : `Allowed ${valid.length} addresses.`;

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

const rowsOf = ({ counts, photos }: BackupSummary) =>
  `${counts.length} tables, ${counts.reduce((sum, [, rows]) => sum + rows, 0)} rows ` +
  `(${counts.map(([table, rows]) => `${table} ${rows}`).join(', ')}) and ${photos} photo files`;
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

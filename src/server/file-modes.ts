import { chmodSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Only the portal's own user may read or write what it stores (issue 15, M10). */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Sets the umask so that every file and folder the process makes is its user's alone (database
 * files, mails holding live reset links, backups, exports), and makes a data folder that others
 * may enter (made before this rule, or by hand) private at once, saying so. Only when that fails
 * (another user owns it) does it answer a warning naming what in it others may read or write.
 * (Inside a private folder the files' own modes do not matter: PGlite gives its files 666
 * whatever the umask.)
 */
export function restrictFileModes(dataDir: string): string[] {
  process.umask(0o077);
  const modeOf = (target: string) => {
    try {
      return statSync(target).mode & 0o777;
    } catch {
      return null; // not there yet: it will be made with the umask above
    }
  };
  const folderMode = modeOf(dataDir);
  if (folderMode === null || (folderMode & 0o077) === 0) return [];
  try {
    chmodSync(dataDir, PRIVATE_FOLDER_MODE);
    return [`The data folder ${path.resolve(dataDir)} was open to others (${folderMode.toString(8)}); it is 700 now.`];
  } catch {
    // Not ours to change: the operator is told what to run.
  }
  const loose = [`${dataDir} (${folderMode.toString(8)})`];
  const walk = (folder: string, depth: number) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      const mode = modeOf(target);
      if (mode !== null && (mode & 0o077) !== 0) loose.push(`${target} (${mode.toString(8)})`);
      if (depth < 1 && entry.isDirectory()) walk(target, depth + 1);
    }
  };
  walk(dataDir, 0);
  const shown = loose.slice(0, 5).join(', ') + (loose.length > 5 ? ` and ${loose.length - 5} more` : '');
  return [
    `Warning: others may read or write the portal's data: ${shown}. Run: chmod -R go-rwx ${path.resolve(dataDir)}`,
  ];
}

import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The folders the tests make under the system's temporary folder (`mkdtemp(tmpdir())`), and those
 * of the portals and commands they start, go into one folder per run, removed at its end: they
 * were left behind, about 60 a run (data folders of started portals, backups, outboxes).
 * Node's `tmpdir()` reads TMPDIR at each call; the test workers and the processes they start are
 * given this process's environment. The folder stays traversable (not listable) by others: nginx's
 * workers in the scale-out test run as `nobody` and must reach their temp folders in there.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-tests-'));
  chmodSync(folder, 0o711);
  process.env['TMPDIR'] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { snapshotRecordsOf, type Published, type SnapshotRecords } from '../db/published.ts';
import { KEPT_FORMAT } from './kept-format.ts';
import { writeWhole } from './whole-file.ts';

/**
 * Issue 50: the published snapshot's records kept on disk (DATA_DIR/publication/snapshot.v8), so a
 * restart reads from the database only what changed since (db/published.ts) instead of all of
 * Austria (1.4 s of a start on a quiet machine, 3 s on a busy one). It is a cache: one of another
 * database or history (db/published.ts), of another version of the portal (kept-format.ts), or
 * unreadable, is not read on; the database is read whole.
 */
export async function saveSnapshot(file: string, snapshot: SnapshotRecords): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeWhole(file, serialize({ format: KEPT_FORMAT, ...snapshot }));
}

/** The snapshot last saved in `file`, or undefined when there is none that reads whole. */
export async function loadSnapshot(file: string): Promise<SnapshotRecords | undefined> {
  try {
    const snapshot = deserialize(await readFile(file)) as Partial<SnapshotRecords & { format: string }> | null;
    const { format, database, version, commit, records } = snapshot ?? {};
    if (format !== KEPT_FORMAT || typeof database !== 'string' || typeof commit !== 'string') return undefined;
    if (typeof version !== 'string' || !/^\d{1,18}$/.test(version)) return undefined;
    if (!Array.isArray(records?.markets) || !Array.isArray(records.dates) || !(records.revisions instanceof Map))
      return undefined;
    return { database, version, commit, records };
  } catch {
    return undefined;
  }
}

/** A changed snapshot is written at most this often while the portal runs, and at its stop. */
const KEEP_EVERY_MS = 10 * 60_000;

/**
 * The publisher's snapshot on disk: loaded at the start, written after a publish at most every
 * ten minutes, the first ten minutes after the start (v8's serializer takes the server's thread a
 * moment at Austria scale, not to be spent on a start's first requests), and when the publisher
 * stops. A restart after a crash starts from an older one, or reads everything; the change log
 * has the rest.
 */
export function keptSnapshot(file: string, log: (message: string) => void) {
  let keptVersion: string | undefined;
  let keptAt = performance.now();
  let latest: Published | undefined;
  let writing = Promise.resolve();
  let stopped = false;
  const keep = () => {
    const records = latest && snapshotRecordsOf(latest);
    if (!records || records.version === keptVersion) return;
    keptVersion = records.version;
    keptAt = performance.now();
    writing = writing
      .then(() => saveSnapshot(file, records))
      .catch((error: unknown) => log(`Keeping the published snapshot on disk failed: ${String(error)}`));
  };
  return {
    async load(): Promise<SnapshotRecords | undefined> {
      const stored = await loadSnapshot(file);
      keptVersion = stored?.version;
      return stored;
    },
    published(snapshot: Published): void {
      if (stopped) return; // nothing is written after the stop's own
      latest = snapshot;
      if (performance.now() - keptAt >= KEEP_EVERY_MS) keep();
    },
    /** Writes the newest snapshot if it is not on disk yet; resolves once written. */
    stop(): Promise<void> {
      keep();
      stopped = true;
      return writing;
    },
  };
}

import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { compress, MIN_COMPRESSED_BYTES } from '../compression/compressed-body.ts';
import { FILE_SUFFIX, type Encoding } from '../compression/negotiate.ts';
import { writeWhole } from '../directory/whole-file.ts';

/** Page files older than this are from another day, whose page versions are gone (page-versions.ts). */
const STALE_AFTER_MS = 2 * 24 * 3600_000;
/** How often files of days gone by are removed while the portal runs (and at its start). */
const SWEEP_EVERY_MS = 24 * 3600_000;

/** A page as kept on disk: its HTML, each coding beside it (`.br`, `.gz`) and its headers (`.json`). */
export interface PageFile {
  version: string;
  /** The path of its HTML; the codings and the headers beside it. */
  file: string;
  headers: [string, string][];
  codings: Encoding[];
  bytes: number;
}

/** A page just rendered, with the bytes of each coding. */
export interface EncodedPage {
  page: PageFile;
  bodies: Map<Encoding | null, Buffer>;
}

/** The headers an answer sets itself (Vary it adds to): a page's own are dropped, and any cookie. */
const SET_BY_ANSWER = new Set(['etag', 'cache-control', 'content-encoding', 'content-length', 'set-cookie']);

/** A rendered page with its codings (a small one's framing would eat the gain: as it is). */
export async function encode(file: string, version: string, response: Response): Promise<EncodedPage> {
  const raw = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !SET_BY_ANSWER.has(name));
  const codings: Encoding[] = raw.length < MIN_COMPRESSED_BYTES ? [] : ['br', 'gzip'];
  const bodies = new Map<Encoding | null, Buffer>([[null, raw]]);
  for (const coding of codings) bodies.set(coding, await compress(raw, coding));
  const bytes = [...bodies.values()].reduce((sum, body) => sum + body.length, 0);
  return { page: { version, file, headers, codings, bytes }, bodies };
}

/**
 * The page another process, or this one before a restart, wrote at `file`; undefined when none is
 * whole. Read at once, as `readBody` reads: every page version a visitor asks for first is looked
 * up here, and the thread pool's steps made each such request wait several turns of a busy event
 * loop (issue 52).
 */
export function readPage(file: string, version: string): PageFile | undefined {
  try {
    const head = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Omit<PageFile, 'file' | 'version'>;
    return { ...head, version, file };
  } catch {
    return undefined; // none written, or not whole: rendered anew
  }
}

/**
 * A page's bytes in one coding, read at once: from the system's file cache a page's file takes
 * microseconds, where the thread pool's four steps (open, stat, read, close) each waited for a
 * turn of the busy event loop (under the load test pages p99 968 ms instead of 205 ms). Throws
 * when the file is gone.
 */
export function readBody(page: PageFile, coding: Encoding | null): Buffer {
  return readFileSync(page.file + suffix(coding));
}

/** Whether the page's files are whole on disk; a failure is told. */
export async function writePage({ page, bodies }: EncodedPage, log: (message: string) => void): Promise<boolean> {
  try {
    // Made again when gone: a newer build's start removes this one's folder while it still serves (a rolling deploy).
    await mkdir(path.dirname(page.file), { recursive: true });
    for (const [coding, body] of bodies) await writeWhole(page.file + suffix(coding), body);
    // Last: a page whose headers are on disk is whole.
    const { headers, codings, bytes } = page;
    await writeWhole(`${page.file}.json`, JSON.stringify({ headers, codings, bytes }));
    return true;
  } catch (error) {
    log(`A page could not be kept on disk, so it is rendered again when next asked for: ${String(error)}`);
    return false;
  }
}

/** Removes a page's files; a failure is told, never thrown (an unhandled rejection would end the process). */
export async function removePage({ file, codings }: PageFile, log: (message: string) => void): Promise<void> {
  try {
    await rm(`${file}.json`, { force: true }); // first: a page without its headers is not found
    await Promise.all(
      [file, ...codings.map((coding) => file + suffix(coding))].map((name) => rm(name, { force: true })),
    );
  } catch (error) {
    log(`A page's old files could not be removed: ${String(error)}`);
  }
}

/**
 * Removes the page files of another build (their pages load other scripts) and of days gone by
 * (every page version names its day), now and daily, beside the requests: a process removes only
 * the files it knows, so nothing else bounds the folder across restarts and processes.
 */
export function sweepPages(folder: string, log: (message: string) => void): void {
  const sweep = () =>
    void mkdir(folder, { recursive: true })
      .then(() => removeStale(folder))
      .catch((error: unknown) => log(`Old page files could not be removed: ${String(error)}`));
  sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}

async function removeStale(folder: string): Promise<void> {
  const builds = path.dirname(folder);
  for (const build of await readdir(builds))
    if (build !== path.basename(folder)) await rm(path.join(builds, build), { recursive: true, force: true });
  const old = Date.now() - STALE_AFTER_MS;
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    if (((await stat(file).catch(() => null))?.mtimeMs ?? Infinity) < old) await rm(file, { force: true });
  }
}

const suffix = (coding: Encoding | null) => (coding ? FILE_SUFFIX[coding] : '');

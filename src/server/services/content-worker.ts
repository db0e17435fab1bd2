import { stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ContentDelta } from './content-reads.ts';
import { GROUP_KEYS, type ContentKind, type ContentRecord } from './content-records.ts';

/**
 * The content answers' publication (content.ts starts it): the public records of both answers are
 * held here, a change is applied to them, and the whole answer is written and compressed once per
 * publication, so the server's thread only looks answers up. Each answer of one municipality's
 * clerk (include_hidden_records=1) is made here too, from the records of the last publication.
 *
 * It works below the normal priority: readers and clerks come first, a publication takes the CPU
 * they leave (as the search index, directory/search-index-worker.ts).
 */
const PUBLICATION_PRIORITY = 10;
// A thread inherits the priority of the thread that starts it: the thread pool (compression and
// files for the whole portal) is started first, should it not be yet, so it keeps the normal one.
await stat(import.meta.filename);
try {
  setPriority(PUBLICATION_PRIORITY);
} catch {
  // publishing at the normal priority
}

/** What the server's thread asks: every record, a change, or one municipality's answer with its hidden records. */
export type ContentWork =
  | { op: 'all'; kind: ContentKind; version: bigint; records: ContentRecord[] }
  | { op: 'changes'; kind: ContentKind; from: bigint; version: bigint; delta: ContentDelta }
  | { op: 'own'; kind: ContentKind; gkz: string; records: ContentRecord[] };

/** A publication's answer in both codings, or a clerk's answer as it is (compressed when sent). */
export type ContentWorkDone = { id: number } & (
  { ok: true; version: bigint; gzip?: Uint8Array; br?: Uint8Array; raw?: Uint8Array } | { ok: false; error: string }
);

const held: Record<ContentKind, { version: bigint; records: Map<string, ContentRecord> }> = {
  dates: { version: -1n, records: new Map() },
  markets: { version: -1n, records: new Map() },
};

parentPort?.on('message', (work: ContentWork & { id: number }) => {
  let done: ContentWorkDone;
  try {
    done = { id: work.id, ok: true, ...doWork(work) };
  } catch (error) {
    done = { id: work.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(done);
});

function doWork(work: ContentWork): { version: bigint; gzip?: Uint8Array; br?: Uint8Array; raw?: Uint8Array } {
  const answer = held[work.kind];
  if (answer.version < 0n && work.op !== 'all') throw new Error(`This thread holds no ${work.kind} yet.`);
  if (work.op === 'changes' && answer.version !== work.from)
    throw new Error(`This thread holds ${work.kind} of version ${answer.version}, not ${work.from}.`);
  if (work.op === 'own') {
    const others = [...answer.records.values()].filter((record) => record.gkz !== work.gkz);
    return { version: answer.version, raw: answerText(work.kind, [...others, ...work.records]) };
  }
  answer.version = work.version;
  if (work.op === 'all') answer.records = new Map(work.records.map((record) => [record.id, record]));
  else if (work.delta.changed.length === 0 && work.delta.deletedIds.length === 0) return { version: work.version };
  else {
    for (const id of work.delta.deletedIds) answer.records.delete(id);
    for (const record of work.delta.changed) answer.records.set(record.id, record);
  }
  const raw = answerText(work.kind, [...answer.records.values()]);
  return { version: work.version, gzip: gzipSync(raw), br: brotliCompressSync(raw, BROTLI) };
}

/**
 * Brotli 5 rather than the build's 11: at Austria scale an answer is 17 MB of JSON, made again at
 * every publication (quality 11 would take a core for a minute).
 */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/**
 * `{"data": …}` as api.md has it: the dates by id; the markets once per language id. Ordered by
 * municipality, so neighbours' names and addresses sit together for the compression.
 */
function answerText(kind: ContentKind, records: ContentRecord[]): Buffer {
  records.sort((a, b) => (a.gkz === b.gkz ? (a.id < b.id ? -1 : 1) : a.gkz < b.gkz ? -1 : 1));
  const members = (group: number) => `{${records.map((record) => record.members[group]).join(',')}}`;
  if (kind === 'dates') return Buffer.from(`{"data":{"wko_market_dates":${members(0)}}}`);
  const groups = GROUP_KEYS.markets.map((key, group) => `${JSON.stringify(key)}:${members(group)}`);
  return Buffer.from(`{"data":{"wko_markets":{${groups.join(',')}}}}`);
}

import { parentPort } from 'node:worker_threads';
import { importWindow, UnreadableSource, type ReadSource, type UnreadableReason } from './imported-market.ts';
import { readSource } from './read-source.ts';

/** One source's reading, as import-reader.ts sends it to a thread of its own. */
export interface ImportJob {
  bytes: Uint8Array;
  today: string;
  /** Whose import this is, when it is one municipality's. */
  municipality?: string;
}

export type ImportOutcome = { read: ReadSource } | { unreadable: UnreadableReason } | { failed: string };

parentPort?.once('message', (job: ImportJob) => {
  readSource(job.bytes, importWindow(job.today), job.municipality).then(
    (read) => answer({ read }),
    (error: unknown) =>
      answer(error instanceof UnreadableSource ? { unreadable: error.reason } : { failed: String(error) }),
  );
});

function answer(outcome: ImportOutcome): void {
  parentPort?.postMessage(outcome);
}

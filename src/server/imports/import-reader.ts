import { ApiError } from '../api-error.ts';
import { startThread } from '../thread.ts';
import type { ReadSource } from './imported-market.ts';
import type { ImportJob, ImportOutcome } from './import-worker.ts';

/**
 * Issue 54: a calendar or spreadsheet is read on a thread of its own, one per source, never on the
 * thread that answers requests: a hostile file (a zip that unpacks to gigabytes, a calendar of
 * 50,000 events, a rule by the second) costs that thread its memory bound or its time bound, then
 * the thread is ended and the clerk told the file is too complex. Two at a time in the portal.
 */
const WORKER = new URL('./import-worker.ts', import.meta.url);
const IMPORT_SECONDS = 10;
const READING_AT_ONCE = 2;
let reading = 0;

export async function readInThread(bytes: Uint8Array, today: string, municipality?: string): Promise<ReadSource> {
  if (reading >= READING_AT_ONCE) throw new ApiError('imports_busy');
  reading++;
  let worker: ReturnType<typeof startThread> | undefined;
  try {
    worker = startThread(WORKER, { resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 } });
    const thread = worker;
    const outcome = await new Promise<ImportOutcome>((resolve) => {
      const timer = setTimeout(() => resolve({ unreadable: 'import_too_complex' }), IMPORT_SECONDS * 1000);
      const settle = (outcome: ImportOutcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      thread.once('message', settle);
      // Out of its memory the thread ends with an error: the file asked too much of it.
      thread.once('error', () => settle({ unreadable: 'import_too_complex' }));
      thread.once('exit', () => settle({ unreadable: 'import_too_complex' }));
      thread.postMessage({ bytes, today, ...(municipality ? { municipality } : {}) } satisfies ImportJob);
    });
    if ('read' in outcome) return outcome.read;
    if ('unreadable' in outcome) throw new ApiError(outcome.unreadable, { file: outcome.unreadable });
    throw new Error(`Reading an import failed: ${outcome.failed}`);
  } finally {
    reading--;
    void worker?.terminate();
  }
}

import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { ApiError } from '../api-error.ts';
import { startThread } from '../thread.ts';
import { PHOTO_SECONDS, type EncodedPhoto, type EncodeRefusal } from './photo-encoding.ts';
import type { PhotoJob, PhotoOutcome } from './photo-worker.ts';

/**
 * Issue 49: the photo work of the whole portal, beside the thread that answers requests. A fixed
 * few threads (one on a two-core machine, so a core stays with the requests and the database)
 * take the photos from one queue in turn, with at most one photo of an account in it and a few
 * waiting in all (each holds its upload, up to 10 MB). A photo whose client has gone is dropped
 * before it starts, and stopped at its next step if it runs: from inside, since a thread's
 * terminate() waits for the image library's step in work (32–55 s for a long one, measured), and
 * a step stops itself at the photo's time bound (photo-encoding.ts). A step that ignores that bound
 * (a native one that never returns) is cut by a watchdog: past the bound and a grace the photo is
 * refused as too slow and its thread let go, and the next photo gets a new thread at once.
 */
export const PHOTO_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
export const PHOTOS_WAITING = 8;
/** What a client told the queue is full waits before it tries again: a few photos' work. */
const BUSY_RETRY_SECONDS = 30;
/** How long past its time bound a photo's thread may stay silent before the watchdog gives up on it. */
export const PHOTO_GRACE_MS = 10_000;
const PHOTO_WORKER = new URL('./photo-worker.ts', import.meta.url);

// One thread of the image library for each photo: the pool's threads are the cores photo work takes.
// No cache of decoded images between uploads: none is decoded twice. The library is loaded on this
// thread before any photo thread starts, as sharp needs on Linux (its "worker threads" notes).
sharp.concurrency(1);
sharp.cache(false);

export interface PhotoPool {
  /**
   * The photo's files, or why it was refused. 409 photo_upload_busy while the account has a photo
   * in the queue, 503 photos_busy while the queue is full; the signal's reason once the client went.
   */
  encode(account: string, upload: Buffer, gkz: string, signal?: AbortSignal): Promise<EncodedPhoto | EncodeRefusal>;
}

interface Job {
  account: string;
  upload: Buffer;
  gkz: string;
  signal: AbortSignal | undefined;
  resolve: (encoded: EncodedPhoto | EncodeRefusal) => void;
  reject: (reason: Error) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** One Int32: 1 once the running job's client has gone (photo-worker.ts asks it between steps). */
  stop: Int32Array<SharedArrayBuffer>;
  job: Job | undefined;
}

export function createPhotoPool({
  threads = PHOTO_THREADS,
  waiting = PHOTOS_WAITING,
  seconds = PHOTO_SECONDS,
  graceMs = PHOTO_GRACE_MS,
  /** The module a thread runs: photo-worker.ts, or a test's stand-in. */
  worker: workerModule = PHOTO_WORKER,
} = {}) {
  const slots: Slot[] = Array.from({ length: threads }, () => ({
    worker: undefined,
    stop: new Int32Array(new SharedArrayBuffer(4)),
    job: undefined,
  }));
  const queue: Job[] = [];
  /** Accounts with a photo waiting or in work. */
  const accounts = new Set<string>();

  const next = () => {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      run(slot, job);
    }
  };

  const run = (slot: Slot, job: Job) => {
    slot.job = job;
    Atomics.store(slot.stop, 0, 0);
    const worker = (slot.worker ??= startWorker(slot));
    const done = (outcome: PhotoOutcome) => {
      clearTimeout(watchdog);
      worker.off('message', done).off('error', failed).off('exit', stopped);
      worker.unref(); // an idle thread keeps no process alive
      slot.job = undefined;
      accounts.delete(job.account);
      if ('failed' in outcome) job.reject(new Error(`A photo's work failed: ${outcome.failed}`));
      else if ('refused' in outcome) job.resolve(outcome.refused);
      else if ('photo' in outcome) {
        const files = new Map(outcome.files.map(([name, bytes]) => [name, Buffer.from(bytes)]));
        job.resolve({ photo: outcome.photo, files, bytes: outcome.bytes });
      } // stopped: its client has gone and was given up on when it went
      next();
    };
    const failed = (error: Error) => done({ failed: error.message });
    const stopped = (code: number) => failed(new Error(`its thread stopped (exit code ${code})`));
    worker.ref();
    worker.on('message', done).on('error', failed).on('exit', stopped);
    const message: PhotoJob = { upload: job.upload, gkz: job.gkz, withinMs: seconds * 1000, stop: slot.stop.buffer };
    worker.postMessage(message);
    // terminate() may wait for the hung step for a long time: it is not awaited, the slot takes a new
    // thread (and a stop flag the old one no longer reads) for the next photo right away.
    const watchdog = setTimeout(
      () => {
        Atomics.store(slot.stop, 0, 1);
        slot.stop = new Int32Array(new SharedArrayBuffer(4));
        slot.worker = undefined;
        done({ refused: 'photo_too_slow' });
        void worker.terminate();
      },
      seconds * 1000 + graceMs,
    );
  };

  const startWorker = (slot: Slot): Worker => {
    const worker = startThread(workerModule);
    // A thread that failed is let go: the next photo starts a new one.
    worker
      .on('error', () => void worker.terminate())
      .on('exit', () => {
        if (slot.worker === worker) slot.worker = undefined;
      });
    return worker;
  };

  /** The client has gone: a waiting photo leaves the queue; one in work holds its account until its step ends. */
  const gone = (job: Job) => {
    const slot = slots.find((each) => each.job === job);
    if (slot) Atomics.store(slot.stop, 0, 1);
    else {
      const waitingAt = queue.indexOf(job);
      if (waitingAt === -1) return; // already answered: its abort came after
      queue.splice(waitingAt, 1);
      accounts.delete(job.account);
    }
    job.reject(clientGone(job.signal));
  };

  const pool: PhotoPool = {
    encode(account, upload, gkz, signal) {
      if (signal?.aborted) return Promise.reject(clientGone(signal));
      if (accounts.has(account))
        return Promise.reject(new ApiError('photo_upload_busy', { file: 'photo_upload_busy' }));
      if (queue.length >= waiting) {
        const busy = new ApiError('photos_busy', { file: 'photos_busy' });
        busy.retryAfter = BUSY_RETRY_SECONDS;
        return Promise.reject(busy);
      }
      return new Promise((resolve, reject) => {
        const onAbort = () => gone(job);
        const job: Job = {
          account,
          upload,
          gkz,
          signal,
          resolve: (encoded) => (signal?.removeEventListener('abort', onAbort), resolve(encoded)),
          reject: (reason) => (signal?.removeEventListener('abort', onAbort), reject(reason)),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        accounts.add(account);
        queue.push(job);
        next();
      });
    },
  };
  return pool;
}

const clientGone = (signal: AbortSignal | undefined): Error =>
  signal?.reason instanceof Error ? signal.reason : new Error('The client has gone');

import { parentPort } from 'node:worker_threads';
import { encodePhoto, PhotoWorkStopped, type EncodeRefusal } from './photo-encoding.ts';
import type { UploadedPhoto } from '../../lib/market-photo.ts';

/** One photo's work, as photo-pool.ts sends it to a thread of its own. */
export interface PhotoJob {
  upload: Uint8Array;
  gkz: string;
  /** When the work must be done, in milliseconds from now. */
  withinMs: number;
  /** One Int32 the pool sets to 1 once the job's client has gone. */
  stop: SharedArrayBuffer;
}

export type PhotoOutcome =
  | { photo: UploadedPhoto; files: Array<[string, Uint8Array]>; bytes: number }
  | { refused: EncodeRefusal }
  | { stopped: true }
  | { failed: string };

parentPort?.on('message', (job: PhotoJob) => {
  const stop = new Int32Array(job.stop);
  const bounds = { deadline: performance.now() + job.withinMs, stopped: () => Atomics.load(stop, 0) === 1 };
  encodePhoto(Buffer.from(job.upload.buffer, job.upload.byteOffset, job.upload.byteLength), job.gkz, bounds).then(
    (encoded) => {
      if (typeof encoded === 'string') return answer({ refused: encoded });
      // Copied to the portal's thread (under a megabyte in all): sharp's buffers cannot always be moved.
      answer({ photo: encoded.photo, files: [...encoded.files], bytes: encoded.bytes });
    },
    (error: unknown) => answer(error instanceof PhotoWorkStopped ? { stopped: true } : { failed: String(error) }),
  );
});

function answer(outcome: PhotoOutcome): void {
  parentPort?.postMessage(outcome);
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePhoto, PhotoWorkStopped } from './photo-encoding.ts';
import { createPhotoPool } from './photo-pool.ts';

/** Issue 49: photo work beside the requests, one photo per account, a few in all, gone with its client. */
const photo = (width: number, shade: number) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: { r: shade, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
const GKZ = '62219';

// A pool's first photo starts its thread, which loads the image library: a second on a busy two-core runner.
describe('the photo pool', { timeout: 15_000 }, () => {
  it('takes one photo of an account at a time and a few waiting in all', async () => {
    const pool = createPhotoPool({ threads: 1, waiting: 1 });
    const photos = await Promise.all([1, 2, 3, 4].map((shade) => photo(400, shade)));
    const first = pool.encode('clerk-a', photos[0]!, GKZ);
    await expect(pool.encode('clerk-a', photos[1]!, GKZ)).rejects.toMatchObject({ code: 'photo_upload_busy' });
    const waiting = pool.encode('clerk-b', photos[2]!, GKZ);
    await expect(pool.encode('clerk-c', photos[3]!, GKZ)).rejects.toMatchObject({
      code: 'photos_busy',
      retryAfter: 30,
    });
    expect(await first).toMatchObject({ photo: { width: 400, height: 300 } });
    expect(await waiting).toMatchObject({ photo: { width: 400, height: 300 } });
    expect(await pool.encode('clerk-a', photos[1]!, GKZ)).toMatchObject({ photo: { width: 400 } });
  });

  it('drops a waiting photo whose client went, and stops a running one before its next step', async () => {
    const pool = createPhotoPool({ threads: 1 });
    const [sent, next] = await Promise.all([photo(400, 6), photo(320, 7)]);
    const runningClient = new AbortController();
    const waitingClient = new AbortController();
    const running = pool.encode('clerk-a', sent, GKZ, runningClient.signal);
    const waiting = pool.encode('clerk-b', sent, GKZ, waitingClient.signal);
    waitingClient.abort(new Error('client b went'));
    await expect(waiting).rejects.toThrow('client b went');
    runningClient.abort(new Error('client a went'));
    await expect(running).rejects.toThrow('client a went');
    // Clerk a's photo holds its account until its thread has stopped it, then the thread is free.
    await expect(pool.encode('clerk-a', next, GKZ)).rejects.toMatchObject({ code: 'photo_upload_busy' });
    expect(await pool.encode('clerk-b', next, GKZ)).toMatchObject({ photo: { width: 320 } });
    expect(await pool.encode('clerk-a', next, GKZ)).toMatchObject({ photo: { width: 320 } });
  });

  it('refuses a photo whose thread never answers, and gives the next photo a new thread', async () => {
    // A stand-in for a native step that ignores its time bound: the thread spins and answers nothing.
    const hanging = `import { parentPort } from 'node:worker_threads';
      parentPort.on('message', (job) => {
        if (job.gkz === 'hang') for (;;);
        parentPort.postMessage({ refused: 'not_an_image' });
      });`;
    const worker = new URL(`data:text/javascript,${encodeURIComponent(hanging)}`);
    // A second in all: the bound counts from the job's post, so it holds a new thread's start too.
    const pool = createPhotoPool({ threads: 1, seconds: 0.5, graceMs: 500, worker });
    const upload = Buffer.from('any');
    const hung = pool.encode('clerk-a', upload, 'hang');
    const after = pool.encode('clerk-b', upload, GKZ);
    expect(await hung).toBe('photo_too_slow');
    expect(await after).toBe('not_an_image');
    expect(await pool.encode('clerk-a', upload, GKZ)).toBe('not_an_image');
  });
});

describe('a photo’s work', () => {
  it('stops between its steps once it is no longer wanted', async () => {
    let asked = 0;
    const bounds = { deadline: performance.now() + 30_000, stopped: () => asked++ > 0 };
    await expect(encodePhoto(await photo(640, 8), GKZ, bounds)).rejects.toBeInstanceOf(PhotoWorkStopped);
    expect(asked).toBe(2);
  });

  it('is refused as too slow once its time is up, starting no step after it', async () => {
    const bounds = { deadline: performance.now() - 1, stopped: () => false };
    expect(await encodePhoto(await photo(640, 9), GKZ, bounds)).toBe('photo_too_slow');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { pngLine, pngOf } from './helpers/photo-fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 49: one clerk's photos cannot take the portal down. */
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'photo-work-'));
  server = await startTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  ms: number;
  body: { data?: { image: { url: string } }; error?: { code: string; message: string } };
}
async function upload(bytes: Buffer, cookie: string, lang = 'en'): Promise<Answer> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'photo', { type: 'image/png' }));
  const started = performance.now();
  const response = await server.fetch(`/api/upload_market_image?lang=${lang}`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie },
  });
  const body = (await response.json()) as Answer['body'];
  return { status: response.status, ms: performance.now() - started, body };
}
/** Made once each: deflating 98 MB of a line's pixels takes a second of the test's thread. */
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const LINES = [
  ['1 × 49,000,000', once(() => pngLine(1, 49_000_000))],
  ['49,000,000 × 1', once(() => pngLine(49_000_000, 1))],
] as const;

describe('an image no camera makes', () => {
  it.each(LINES)('is refused from its header within a second: %s px', async (_, line) => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    const bytes = line();
    const answer = await upload(bytes, clerk.cookie);
    expect([answer.status, answer.body.error?.code]).toEqual([422, 'photo_side_too_long']);
    expect(answer.body.error?.message).toMatch(/longer than 16,384 pixels/);
    expect(answer.ms).toBeLessThan(1000);
    const german = await upload(bytes, clerk.cookie, 'de');
    expect(german.body.error?.message).toMatch(/länger als 16\.384 Bildpunkte/);
  });

  it('is refused for an aspect ratio beyond 1:8, while a panorama of 1:6 is taken', async () => {
    const clerk = await loggedInUser(server.db, GKZ_B);
    const strip = await upload(await pngOf(2700, 300), clerk.cookie);
    expect([strip.status, strip.body.error?.code]).toEqual([422, 'photo_too_narrow']);
    expect(strip.body.error?.message).toMatch(/more than 8 times as long as it is wide/);
    const panorama = await upload(await pngOf(1800, 300), clerk.cookie);
    expect([panorama.status, panorama.body.data?.image.url]).toEqual([200, expect.stringMatching(/-1280x213\.jpg$/)]);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/server/admin/commands.ts';
import { GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { metadataLeftIn, phonePhoto, pngBomb, pngOf } from './helpers/photo-fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { UPLOADS_PER_HOUR } from '../../src/server/http/routes/market-photos.ts';

/** Issue 20: a clerk's photo upload, served from the portal's origin without its metadata, owned by its municipality. */
let server: TestServer;
let dataDir: string;
let clerkA: string;
let clerkB: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'photos-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  clerkA = (await loggedInUser(server.db, GKZ_A)).cookie;
  clerkB = (await loggedInUser(server.db, GKZ_B)).cookie;
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface SavedMarket {
  wko_markets: Record<string, Record<string, { id: string; version: number; image: { url: string } }>>;
}
interface Answer {
  status: number;
  connection: string | null;
  body: { data?: { image: { url: string; width: number; height: number } }; error?: { code: string; message: string } };
}
const upload = async (bytes: Buffer, cookie: string, name = 'photo.jpg', type = 'image/jpeg'): Promise<Answer> => {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  const response = await server.fetch('/api/upload_market_image?lang=en', {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie },
  });
  return {
    status: response.status,
    connection: response.headers.get('connection'),
    body: (await response.json()) as Answer['body'],
  };
};
const call = async (call: string, fields: Record<string, unknown>, cookie: string) => {
  const response = await server.fetch(`/api/${call}?lang=en`, {
    method: 'POST',
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] & { data?: SavedMarket } };
};
const marketWith = (url: string) => ({
  title: 'Bauernmarkt',
  type: 'bauernmarkt',
  schedule: 'dates',
  location: 'Hauptplatz',
  image: { url, alt: 'Stände am Hauptplatz', description: '', focal_x: 30, focal_y: 60 },
});
const filesOf = (url: string) => {
  const name = url.replace(/^\/markt-bilder\//, '').replace(/\.jpg$/, '');
  return ['avif', 'webp', 'jpg'].flatMap((format) =>
    ['', '-320', '-640'].map((width) => `/markt-bilder/${name}${width}.${format}`),
  );
};
const stored = async () =>
  (await readdir(path.join(dataDir, 'market-photos')).catch(() => [])).filter((f) => !f.startsWith('.'));

describe('uploading a market photo', () => {
  it('strips every metadata block of a phone photo and serves its sizes from the portal itself', async () => {
    const original = await phonePhoto();
    expect(metadataLeftIn(original)).toEqual(['Exif', 'comment', 'artist']);
    const answer = await upload(original, clerkA);
    expect(answer.status).toBe(200);
    const image = answer.body.data!.image;
    // Turned upright by its orientation (1600 × 1200 lying on its side), then at most 1280 px wide.
    expect([image.width, image.height]).toEqual([1200, 1600]);
    expect(image.url).toMatch(/^\/markt-bilder\/[0-9a-f]{32}-1200x1600\.jpg$/);
    for (const file of filesOf(image.url)) {
      const response = await server.fetch(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toBe(
        `image/${file.endsWith('.jpg') ? 'jpeg' : file.split('.').pop()}`,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(metadataLeftIn(bytes), file).toEqual([]);
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.icc, meta.comments?.length ?? 0, meta.orientation ?? 1]).toEqual([
        undefined,
        undefined,
        undefined,
        0,
        1,
      ]);
    }
  });

  it('refuses an HTML page named .jpg (by its bytes, not its name) with 422', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const answer = await upload(html, clerkA, 'market.jpg', 'image/jpeg');
    expect([answer.status, answer.body.error?.code]).toEqual([422, 'not_an_image']);
    expect(answer.body.error?.message).toMatch(/not a photo the portal can read/);
  });

  it('refuses SVG and a JPEG cut short, and a request without a file', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, clerkA, 'a.svg', 'image/svg+xml')).status).toBe(422);
    const cut = (await phonePhoto()).subarray(0, 400);
    expect((await upload(cut, clerkA)).body.error?.code).toBe('not_an_image');
    const empty = await upload(Buffer.alloc(0), clerkA);
    expect([empty.status, empty.body.error?.code]).toEqual([422, 'required_fields']);
  });

  it('answers 413 to 11 MB after reading it, keeping the connection', async () => {
    const big = Buffer.concat([await pngOf(10, 10), Buffer.alloc(11 * 1024 * 1024)]);
    const answer = await upload(big, clerkA, 'big.png', 'image/png');
    expect([answer.status, answer.body.error?.code]).toEqual([413, 'photo_too_large']);
    expect(answer.body.error?.message).toMatch(/10 MB at most/);
    expect(answer.connection).not.toBe('close');
  });

  it('refuses a decompression bomb from its header, quickly', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024);
    const started = performance.now();
    const answer = await upload(bomb, clerkA, 'bomb.png', 'image/png');
    expect([answer.status, answer.body.error?.code]).toEqual([422, 'photo_too_many_pixels']);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('needs a logged-in clerk, and the portal as the origin', async () => {
    expect((await upload(await pngOf(10, 10), '')).status).toBe(401);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(await pngOf(10, 10))], 'a.png'));
    const crossSite = await server.fetch('/api/upload_market_image', {
      method: 'POST',
      body: form,
      headers: { Cookie: clerkA, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('an uploaded photo belongs to its municipality', () => {
  it('cannot be attached or deleted by another municipality; replacing it deletes its files', async () => {
    const { url } = (await upload(await pngOf(800, 600), clerkA, 'stand.png', 'image/png')).body.data!.image;
    const foreign = await call('save_market', marketWith(url), clerkB);
    expect([foreign.status, foreign.body.error?.code]).toEqual([422, 'photo_not_found']);
    expect(foreign.body.error?.message).toMatch(/no such photo/);
    const deleted = await call('delete_market_image', { url }, clerkB);
    expect([deleted.status, deleted.body.error?.code]).toEqual([422, 'photo_not_found']);
    expect((await server.fetch(url)).status).toBe(200);

    const saved = await call('save_market', marketWith(url), clerkA);
    expect(saved.status).toBe(200);
    const market = Object.values(Object.values(saved.body.data!.wko_markets)[0]!)[0]!;
    expect(market.image.url).toBe(url);
    const inUse = await call('delete_market_image', { url }, clerkA);
    expect([inUse.status, inUse.body.error?.code]).toEqual([409, 'photo_in_use']);

    const next = (await upload(await pngOf(640, 480), clerkA, 'new.png', 'image/png')).body.data!.image.url;
    const replaced = await call('save_market', { ...marketWith(next), id: market.id, version: market.version }, clerkA);
    expect(replaced.status).toBe(200);
    for (const file of filesOf(url)) expect((await server.fetch(file)).status, file).toBe(404);
    expect(await stored()).not.toContain(`${url.split('/').pop()}`);
  });

  it('lets the clerk let go of an upload no market shows', async () => {
    const { url } = (await upload(await pngOf(300, 200), clerkA, 'a.png', 'image/png')).body.data!.image;
    expect(url).toMatch(/-300x200\.jpg$/);
    expect((await call('delete_market_image', { url }, clerkA)).status).toBe(200);
    expect((await server.fetch(url)).status).toBe(404);
  });

  it('keeps typed image addresses working', async () => {
    const typed = await call('save_market', marketWith('https://example.org/markt.jpg'), clerkA);
    expect(typed.status).toBe(200);
    const bad = await call('save_market', marketWith('/markt-bilder/../../etc/passwd'), clerkA);
    expect([bad.status, bad.body.error?.code]).toEqual([422, 'invalid_url']);
  });
});

describe('the open-data feed', () => {
  it('names an uploaded photo by its full address, as its schema (format uri) says', async () => {
    const { url } = (await upload(await pngOf(400, 300), clerkA, 'feed.png', 'image/png')).body.data!.image;
    const saved = await call(
      'save_market',
      { ...marketWith(url), title: 'Fotomarkt', first_date: { date_start: '2027-06-05', date_end: '2027-06-05' } },
      clerkA,
    );
    expect(saved.status).toBe(200);
    const feed = (await (await server.fetch('/api/public/markets.json')).json()) as {
      data: { markets: Array<{ title: string; image: { url: string } | null }> };
    };
    const market = feed.data.markets.find(({ title }) => title === 'Fotomarkt');
    expect(market?.image?.url).toBe(`http://portal.test${url}`);
  });
});

describe('the photo quota', () => {
  it("refuses an upload over the municipality's megabytes in the clerk's language, storing nothing", async () => {
    await runCommand(server.db, ['set-quota', GKZ_B, 'photo-megabytes', '1']);
    const noise = await sharp({
      create: {
        width: 1280,
        height: 960,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 80 },
      },
    })
      .png()
      .toBuffer();
    const before = await stored();
    const answer = await upload(noise, clerkB, 'noise.png', 'image/png');
    expect([answer.status, answer.body.error?.code]).toEqual([422, 'quota_exceeded']);
    expect(answer.body.error?.message).toMatch(/at most 1 MB of photos per municipality/);
    expect(await stored()).toEqual(before);
    const [line] = await runCommand(server.db, ['quotas', GKZ_B]);
    expect(line).toMatch(/photos 0\.0 of 1 MB\.$/);
  });
});

describe('uploads of one clerk', () => {
  it('are limited per hour, with the wait in the answer', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    await server.db.query(`INSERT INTO rate_limits (key, window_started_at, attempts) VALUES ($1, now(), $2)`, [
      `photo_upload:${clerk.userId}`,
      UPLOADS_PER_HOUR.attempts,
    ]);
    const answer = await upload(await pngOf(20, 20), clerk.cookie, 'a.png', 'image/png');
    expect([answer.status, answer.body.error?.code]).toEqual([429, 'rate_limited']);
    expect((await upload(await pngOf(20, 20), clerkA, 'a.png', 'image/png')).status).toBe(200);
  });
});

// Last: the restore ends every session.
describe('a backup', () => {
  it('brings the photos back with a restore', async () => {
    const { url } = (await upload(await pngOf(640, 400), clerkA, 'kept.png', 'image/png')).body.data!.image;
    expect((await call('save_market', marketWith(url), clerkA)).status).toBe(200);
    const photoDir = path.join(dataDir, 'market-photos');
    const file = path.join(dataDir, 'backup.jsonl.gz');
    const [done] = await runCommand(server.db, ['backup', file], 'test', photoDir);
    expect(done).toMatch(/ and \d+ photo files to /);
    await rm(photoDir, { recursive: true });
    for (const each of filesOf(url).slice(0, 3)) expect((await server.fetch(each)).status).toBe(404);
    await runCommand(server.db, ['restore', file], 'test', photoDir);
    for (const each of filesOf(url)) {
      if (each.includes('-640.')) continue; // a 640 px photo has no 640 px copy besides itself
      expect((await server.fetch(each)).status, each).toBe(200);
    }
  });
});

import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Directory, DirectoryMarket } from '../../lib/directory/directory.ts';
import { marketImageFiles, publishMarketImages } from './market-images.ts';

const market = (id: string, url: string | null, image_file?: string) =>
  ({
    id,
    image: url && { url, alt: 'Stände', description: '', focal_x: 30, focal_y: 70 },
    ...(image_file && { image_file }),
  }) as DirectoryMarket;

const directoryOf = (markets: DirectoryMarket[]): Directory => ({
  readAt: '2026-11-23T10:00:00Z',
  years: [2026, 2027],
  allStates: [],
  states: [
    {
      code: 6,
      name: 'Steiermark',
      path: '',
      districts: [
        {
          code: '622',
          name: 'Hartberg',
          path: '',
          municipalities: [{ gkz: '62209', name: 'Hartberg', postcode: '8230', website: '', path: '', markets }],
        },
      ],
    },
  ],
});

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'market-images-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('marketImageFiles', () => {
  it('copies reachable images, leaves the others to be linked, and reuses a fresh copy', async () => {
    const cache = path.join(folder, 'cache');
    const download = vi.fn((url: string) =>
      Promise.resolve(url.includes('gut') ? { bytes: Buffer.from('bild'), extension: 'jpg' } : null),
    );
    const good = 'https://gemeinde.at/gut.jpg';
    const { files, ...counts } = await marketImageFiles([good, 'https://weg.at/fehlt.jpg', good], cache, download);
    expect(counts).toEqual({ copied: 1, failed: 1 });
    expect([...files.keys()]).toEqual([good]);
    expect(files.get(good)).toMatch(/^\/markt-bilder\/[0-9a-f]{32}\.jpg$/);

    const again = await marketImageFiles([good], cache, download);
    expect(download).toHaveBeenCalledTimes(2);
    expect(again.files.get(good)).toBe(files.get(good));

    const site = path.join(folder, 'site');
    await publishMarketImages(directoryOf([market('a', good, files.get(good))]), cache, site, path.join(site, 'x'));
    expect(await readFile(path.join(site, files.get(good)!), 'utf8')).toBe('bild');
  });

  // Issue 20: an uploaded photo is the portal's own; the static copy gets all its files.
  it('shows an uploaded photo as it is, never fetching it, and puts every size of it into the site', async () => {
    const photo = '/markt-bilder/0123456789abcdef0123456789abcdef-640x400.jpg';
    const download = vi.fn(() => Promise.resolve(null));
    const { files, ...counts } = await marketImageFiles([photo], path.join(folder, 'cache'), download);
    expect(counts).toEqual({ copied: 0, failed: 0 });
    expect(download).not.toHaveBeenCalled();
    expect(files.get(photo)).toBe(photo);
    const directory = directoryOf([market('p', photo, photo)]);

    const photos = path.join(folder, 'photos');
    const sizes = ['avif', 'webp', 'jpg'].flatMap((format) =>
      ['', '-320'].map((width) => `0123456789abcdef0123456789abcdef-640x400${width}.${format}`),
    );
    await mkdir(photos);
    for (const file of sizes) await writeFile(path.join(photos, file), file);
    const site = path.join(folder, 'site');
    await publishMarketImages(directory, path.join(folder, 'cache'), site, photos);
    expect((await readdir(path.join(site, 'markt-bilder'))).sort()).toEqual([...sizes].sort());
  });

  // Issue 15, M7: one deadline and one byte budget for the whole step.
  it('stops fetching at the deadline of the step, also a download under way', async () => {
    const hanging = vi.fn(
      (_url: string, stop?: AbortSignal) =>
        new Promise<null>((resolve) => stop?.addEventListener('abort', () => resolve(null))),
    );
    const urls = Array.from({ length: 20 }, (_, i) => `https://langsam.at/${i}.jpg`);
    const started = performance.now();
    const { files, ...result } = await marketImageFiles(urls, path.join(folder, 'c'), hanging, Date.now(), {
      deadlineMs: 200,
      budgetBytes: 1e9,
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toEqual({ copied: 0, failed: 20 });
    expect(files.size).toBe(0);
    expect(hanging.mock.calls.length).toBeLessThanOrEqual(8);
  });

  it('stops fetching when the byte budget is spent', async () => {
    const download = vi.fn(() => Promise.resolve({ bytes: Buffer.from('bild'), extension: 'jpg' }));
    const urls = Array.from({ length: 20 }, (_, i) => `https://gemeinde.at/${i}.jpg`);
    const { files, ...result } = await marketImageFiles(urls, path.join(folder, 'c'), download, Date.now(), {
      deadlineMs: 60_000,
      budgetBytes: 6,
    });
    // Downloads already under way (eight at a time) may finish; none starts once the budget is spent.
    // How many were under way depends on when each looked for its copy on disk (fresh-clone-check
    // once saw 7): two at least, as the first one left budget.
    expect(download.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(download.mock.calls.length).toBeLessThanOrEqual(8);
    expect(result).toEqual({ copied: download.mock.calls.length, failed: 20 - download.mock.calls.length });
    expect(files.size).toBe(download.mock.calls.length);
  });

  it('with copies only (npm start), uses a copy however old and fetches nothing', async () => {
    const cache = path.join(folder, 'cache');
    const url = 'https://gemeinde.at/gut.jpg';
    const download = vi.fn(() => Promise.resolve({ bytes: Buffer.from('bild'), extension: 'jpg' }));
    await marketImageFiles([url], cache, download);
    const later = Date.now() + 30 * 24 * 60 * 60 * 1000;
    const { files, ...counts } = await marketImageFiles(
      [url, 'https://gemeinde.at/neu.jpg'],
      cache,
      'copies only',
      later,
    );
    expect(counts).toEqual({ copied: 1, failed: 1 });
    expect([...files.keys()]).toEqual([url]);
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('deletes copies no market uses any more once they are an hour old', async () => {
    const cache = path.join(folder, 'cache');
    await marketImageFiles(
      [],
      cache,
      vi.fn(() => Promise.resolve(null)),
    );
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
    await writeFile(path.join(cache, 'alt.jpg'), 'alt');
    await utimes(path.join(cache, 'alt.jpg'), hoursAgo(2), hoursAgo(2));
    await writeFile(path.join(cache, 'eben-erst.jpg'), 'neu');
    await utimes(path.join(cache, 'eben-erst.jpg'), hoursAgo(0.9), hoursAgo(0.9));
    await marketImageFiles(
      [],
      cache,
      vi.fn(() => Promise.resolve(null)),
    );
    expect(await readdir(cache)).toEqual(['eben-erst.jpg']);
  });

  it('keeps a copy fetched a moment ago that the directory it read does not show yet', async () => {
    // Another publish or process (issue 18: two processes share the cache) fetched it after
    // this directory was read; deleting it would leave the new market's page without its image.
    const cache = path.join(folder, 'cache');
    await mkdir(cache, { recursive: true });
    await writeFile(path.join(cache, 'neu.jpg'), 'bild');
    await marketImageFiles([], cache, 'copies only');
    expect(await readdir(cache)).toEqual(['neu.jpg']);
  });
});

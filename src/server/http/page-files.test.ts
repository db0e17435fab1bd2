import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pageFiles } from './page-files.ts';

const root = mkdtempSync(path.join(tmpdir(), 'page-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
/** Pages kept in a folder of their own, as one build's (DATA_DIR/publication/pages/<build>). */
/** The directory's pages the tests ask for, by path without a language prefix. */
const PAGES = new Map([
  ['/verzeichnis/steiermark', {}],
  ['/verzeichnis/tirol', {}],
  ['/verzeichnis/steiermark/weg', {}],
]);
/** A published snapshot whose pages all have `version` (or the version a function gives a path). */
const at = (version: string | ((path: string) => string), searchVersion = () => 's1') => ({
  pageVersion: typeof version === 'string' ? () => version : version,
  searchVersion,
  pages: PAGES,
});
/** Enough of Node's request and response for `sendKept`. */
const nodeExchange = (url: string, headers: Record<string, string> = {}) => {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as Buffer | undefined };
  let finish: (answer: typeof sent) => void = () => {};
  const done = new Promise<typeof sent>((resolve) => (finish = resolve));
  const res = {
    setHeader: (name: string, value: string) => void (sent.headers[name.toLowerCase()] = value),
    writeHead(status: number) {
      sent.status = status;
      return { end: (body?: Buffer) => finish({ ...sent, body }) };
    },
    destroy: () => finish(sent),
  };
  const req = { url, method: 'GET', headers };
  return { req: req as unknown as IncomingMessage, res: res as unknown as ServerResponse, done };
};
const keptPages = (folder = path.join(root, `run-${++folders}`, 'build')) => pageFiles(folder, () => {});

const PAGE = 'http://portal.test/verzeichnis/steiermark/';
const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
const html = (text: string, status = 200) =>
  new Response(`<!doctype html><html><body>${text.repeat(200)}</body></html>`, {
    status,
    headers: { 'content-type': 'text/html', 'set-cookie': 'x=1' },
  });

describe('pages rendered once per page version and kept on disk (issues 17, 18, 50)', () => {
  it('renders a page once per version, for requests at once too, and again for a new version', async () => {
    const pages = keptPages().page;
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return html(`v${renders}`);
    };
    const [a, b] = await Promise.all([pages(request(PAGE), at('7'), render), pages(request(PAGE), at('7'), render)]);
    expect(renders).toBe(1);
    expect(await a!.text()).toBe(await b!.text());
    expect(a!.headers.get('etag')).toBe('"live-7.build"');
    expect(a!.headers.get('set-cookie')).toBeNull();
    expect(a!.headers.get('cache-control')).toBe('no-cache');
    // The same page with a trailing slash or without is one page.
    await pages(request(PAGE.replace(/\/$/, '')), at('7'), render);
    expect(renders).toBe(1);

    const next = await pages(request(PAGE), at('8'), render);
    expect(renders).toBe(2);
    expect(await next!.text()).toContain('v2');
    expect(next!.headers.get('etag')).toBe('"live-8.build"');
  });

  it('keeps a page across publishes while what it shows stays the same, in every language', async () => {
    const pages = keptPages().page;
    const versions = new Map([
      ['/verzeichnis/steiermark', 'a1'],
      ['/verzeichnis/tirol', 'b1'],
    ]);
    const versionOf = (path: string) => versions.get(path) ?? 'whole';
    const rendered: string[] = [];
    const render = (name: string) => () => {
      rendered.push(name);
      return Promise.resolve(html(name));
    };
    const TIROL = 'http://portal.test/en/verzeichnis/tirol';
    await pages(request(PAGE), at(versionOf), render('steiermark'));
    await pages(request(TIROL), at(versionOf), render('tirol'));
    versions.set('/verzeichnis/tirol', 'b2'); // a publish that changed Tirol only
    const kept = await pages(request(PAGE), at(versionOf), render('steiermark'));
    const again = await pages(request(TIROL), at(versionOf), render('tirol'));
    expect(rendered).toEqual(['steiermark', 'tirol', 'tirol']);
    expect(kept!.headers.get('etag')).toBe('"live-a1.build"');
    expect(again!.headers.get('etag')).toBe('"live-b2.build"');
  });

  it('keeps a search by place, radius and days named, once for every spelling while what it shows stays; words, dates and far pages are rendered each time (issue 52)', async () => {
    const pages = keptPages().page;
    let renders = 0;
    const render = () => Promise.resolve(html(`search ${++renders}`));
    const search = (query: string, shown = 's1') =>
      pages(
        request(`http://portal.test/fr/verzeichnis/suche${query}`),
        at('9', () => shown),
        render,
      );
    const first = await search('?ort=8230&km=50&wann=wochenende');
    await search('?wann=wochenende&km=50&ort=8230&utm_source=x');
    await search('/?ort=+8230+&km=50&wann=wochenende');
    expect(renders).toBe(1);
    expect(first!.headers.get('etag')).toBe('"live-s1.build"');
    await search('?ort=8230&km=50&wann=wochenende&seite=2');
    await search('');
    expect(renders).toBe(3);
    // Rendered again when what it shows changed, not before.
    await search('?ort=8230&km=50&wann=wochenende', 's2');
    expect(renders).toBe(4);
    for (const query of ['?q=markt', '?ort=Hartberg', '?ort=8230&von=2027-01-01', '?ort=8230&seite=21']) {
      expect(await search(query), query).toBeNull();
      expect(await search(query), query).toBeNull();
    }
  });

  it('answers a matching If-None-Match with 304 and sends the coding asked for, with its own ETag', async () => {
    const pages = keptPages().page;
    const render = () => Promise.resolve(html('Marktplatz '));
    const gzip = await pages(request(PAGE, { 'accept-encoding': 'gzip' }), at('3'), render);
    expect(gzip!.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip!.arrayBuffer())).toString()).toContain('Markt');
    const tag = gzip!.headers.get('etag')!;
    expect(tag).not.toBe('"live-3.build"');
    expect(gzip!.headers.get('vary')).toContain('Accept-Encoding');
    const again = await pages(request(PAGE, { 'accept-encoding': 'gzip', 'if-none-match': tag }), at('3'), render);
    expect(again!.status).toBe(304);
    const stale = await pages(request(PAGE, { 'accept-encoding': 'gzip', 'if-none-match': tag }), at('4'), render);
    expect(stale!.status).toBe(200);
  });

  it('sends the pages written before a restart without rendering them, and removes those of another build', async () => {
    const folder = path.join(root, 'restart', 'build-2');
    await mkdir(path.join(root, 'restart', 'build-1'), { recursive: true });
    await writeFile(path.join(root, 'restart', 'build-1', 'old'), 'other scripts');
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(html('Jahrmarkt '));
    };
    const first = keptPages(folder);
    const before = await first.page(request(PAGE, { 'accept-encoding': 'br' }), at('r1'), render);
    await first.written();
    const after = await keptPages(folder).page(request(PAGE, { 'accept-encoding': 'br' }), at('r1'), render);
    expect(renders).toBe(1);
    expect(after!.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await after!.arrayBuffer())).toEqual(Buffer.from(await before!.arrayBuffer()));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the clean-up goes on beside the requests
    expect(readdirSync(path.join(root, 'restart'))).toEqual(['build-2']);
  });

  it('keeps no 404, nor other spellings of a page or HEAD renderings (any address could fill the disk), and leaves them to Astro', async () => {
    const pages = keptPages().page;
    let renders = 0;
    const missing = () => {
      renders += 1;
      return Promise.resolve(html('nicht gefunden', 404));
    };
    expect((await pages(request(`${PAGE}weg`), at('1'), missing))!.status).toBe(404);
    expect((await pages(request(`${PAGE}weg`), at('1'), missing))!.status).toBe(404);
    expect(renders).toBe(2);
    expect(await pages(request('http://portal.test/maerkte'), at('1'), missing)).toBeNull();
    expect(await pages(request(PAGE), undefined, missing)).toBeNull(); // no published snapshot: a static build
    // Not a page of the directory, or another spelling of one: Astro answers it, nothing is kept.
    expect(await pages(request(`${PAGE}nirgends`), at('1'), missing)).toBeNull();
    expect(await pages(request(PAGE.replace('steiermark', 'steierm%61rk')), at('1'), missing)).toBeNull();
    // A HEAD's rendering has no body: only a GET's is kept.
    expect(await pages(new Request(PAGE, { method: 'HEAD' }), at('1'), missing)).toBeNull();
    expect(renders).toBe(2);
  });
});

describe('a kept page sent without Astro (issue 18)', () => {
  it('sends a page rendered for the same version, with the same bytes and ETag, and leaves any other to Astro', async () => {
    const live = keptPages();
    const astro = await live.page(request(PAGE, { 'accept-encoding': 'gzip' }), at('a1'), () =>
      Promise.resolve(html('Kirtag ')),
    );
    await live.written();
    const fast = nodeExchange('/verzeichnis/steiermark/', { 'accept-encoding': 'gzip' });
    expect(live.sendKept(fast.req, fast.res, at('a1'))).toBe(true);
    const sent = await fast.done;
    expect(sent.status).toBe(200);
    expect(sent.headers['etag']).toBe(astro!.headers.get('etag'));
    expect(sent.headers['content-encoding']).toBe('gzip');
    expect(sent.body!.equals(Buffer.from(await astro!.arrayBuffer()))).toBe(true);

    const revalidated = nodeExchange('/verzeichnis/steiermark', {
      'if-none-match': astro!.headers.get('etag')!,
      'accept-encoding': 'gzip',
    });
    live.sendKept(revalidated.req, revalidated.res, at('a1'));
    expect((await revalidated.done).status).toBe(304);

    const changed = nodeExchange('/verzeichnis/steiermark');
    expect(live.sendKept(changed.req, changed.res, at('a2'))).toBe(false); // a new version: Astro renders it
    const other = nodeExchange('/maerkte');
    expect(live.sendKept(other.req, other.res, at('a1'))).toBe(false);
  });

  it('leaves a page to Astro when its file is gone (another process replaced it)', async () => {
    const folder = path.join(root, 'gone', 'build');
    const live = keptPages(folder);
    await live.page(request(PAGE), at('g1'), () => Promise.resolve(html('Adventmarkt ')));
    await live.written();
    rmSync(folder, { recursive: true });
    const asked = nodeExchange('/verzeichnis/steiermark');
    expect(live.sendKept(asked.req, asked.res, at('g1'))).toBe(false);
    expect(live.sendKept(asked.req, asked.res, at('g1'))).toBe(false); // forgotten: not looked for again
  });
});

describe('what a request may not break', () => {
  it('takes a request target no URL parses for no page', () => {
    const asked = nodeExchange('//[');
    expect(keptPages().sendKept(asked.req, asked.res, at('1'))).toBe(false);
  });

  it('renders a page whose headers outlived its files, and writes it anew', async () => {
    const folder = path.join(root, 'headless', 'build');
    const first = keptPages(folder);
    await first.page(request(PAGE), at('h1'), () => Promise.resolve(html('Kirtag ')));
    await first.written();
    for (const name of readdirSync(folder)) if (!name.endsWith('.json')) rmSync(path.join(folder, name));
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(html('Kirtag '));
    };
    const restarted = keptPages(folder);
    expect((await restarted.page(request(PAGE), at('h1'), render))!.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20)); // its head is removed beside the answer
    await restarted.page(request(PAGE), at('h1'), render);
    await restarted.written();
    expect(renders).toBe(2);
    const asked = nodeExchange('/verzeichnis/steiermark');
    expect(restarted.sendKept(asked.req, asked.res, at('h1'))).toBe(true); // whole again
  });
});

describe('a disk that refuses the files', () => {
  it('still answers the page, says why, and renders it again when next asked for', async () => {
    const blocked = path.join(root, 'blocked');
    await writeFile(blocked, 'a file where the folder would be');
    const said: string[] = [];
    const live = pageFiles(path.join(blocked, 'build'), (message) => said.push(message));
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(html('Ostermarkt '));
    };
    const first = await live.page(request(PAGE), at('d1'), render);
    expect(first!.status).toBe(200);
    expect(await first!.text()).toContain('Ostermarkt');
    await live.written();
    const asked = nodeExchange('/verzeichnis/steiermark');
    expect(live.sendKept(asked.req, asked.res, at('d1'))).toBe(false);
    await live.page(request(PAGE), at('d1'), render);
    expect(renders).toBe(2);
    expect(said.some((message) => message.includes('rendered again when next asked for'))).toBe(true);
  });
});

describe('embeddable lists kept per version and filter (issue 23)', () => {
  const LIST = 'http://portal.test/en/einbetten/62219';
  it('keeps one page per canonical filter query, ignores other parameters, and leaves wrong filters to Astro', async () => {
    const pages = keptPages().page;
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(html(`list ${renders}`));
    };
    await pages(request(`${LIST}?typ=kirtag,messe&anzahl=3`), at('5'), render);
    await pages(request(`${LIST}/?anzahl=3&typ=messe&typ=kirtag&utm_source=cms`), at('5'), render);
    expect(renders).toBe(1);
    await pages(request(LIST), at('5'), render);
    expect(renders).toBe(2);
    expect(await pages(request(`${LIST}?anzahl=0`), at('5'), render)).toBeNull();
    expect(await pages(request(`${LIST}?typ=flohmarkt`), at('5'), render)).toBeNull();
    expect(renders).toBe(2);
  });
});

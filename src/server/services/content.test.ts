import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { startThread } from '../thread.ts';
import { createContentService, type ContentService } from './content.ts';
import type { ContentWork, ContentWorkDone } from './content-worker.ts';

/** The session of a clerk of municipality 62219. */
const SESSION = 'a-clerk-of-62219-with-a-session';

/**
 * A database of no markets whose content version the test sets, whose version reads it can hold
 * up, and which it can take away; SESSION is a live session of a clerk of 62219.
 */
function fakeDatabase() {
  const state = { version: 1, versionReads: 0, hold: null as Promise<void> | null, down: false };
  const clerk = { user_id: 'clerk', email: 'clerk@62219.example', gkz: '62219', confirmed: true, operator: false };
  const query = async <Row>(sql: string): Promise<Row[]> => {
    if (state.down) throw new Error('connect ECONNREFUSED');
    if (sql.includes('FROM sessions')) return [{ ...clerk, touch_due: false }] as Row[];
    if (!sql.includes('content_version')) return [];
    state.versionReads += 1;
    if (state.hold) await state.hold;
    return [{ version: String(state.version) }] as Row[];
  };
  const queryable: Queryable = { query, exec: async () => {} };
  const db: Database = {
    kind: 'pglite',
    ...queryable,
    transaction: (work) => work(queryable),
    run: (procedure, args) => procedure.work(queryable, args),
    close: async () => {},
    get ahead() {
      return db;
    },
  };
  return { db, state };
}

const services: ContentService[] = [];
const serviceOf = (db: Database) => {
  const content = createContentService(db);
  services.push(content);
  return content;
};
afterEach(async () => {
  await Promise.all(services.splice(0).map((content) => content.stop()));
});

describe('the public content answers', () => {
  it('are published after a change made here, and readers get the last publication meanwhile', async () => {
    const { db, state } = fakeDatabase();
    const content = serviceOf(db);
    expect((await content.lookup('dates', null)).etag).toBe('"dates-1-public"');

    let release = () => {};
    state.hold = new Promise((resolve) => (release = resolve));
    state.version = 2;
    content.changed();
    expect((await content.lookup('dates', null)).etag).toBe('"dates-1-public"'); // waits for no publication
    release();
    await content.settled();
    expect((await content.lookup('dates', null)).etag).toBe('"dates-2-public"');
  });

  it('follow a change made by another process within about a second', async () => {
    const { db, state } = fakeDatabase();
    const content = serviceOf(db);
    await content.prepare();
    state.version = 7; // written by another server process: this one is not told
    await vi.waitFor(async () => expect((await content.lookup('markets', null)).etag).toBe('"markets-7-public"'), {
      timeout: 5000,
    });
  });

  it('are each compressed once per publication, in both codings, from one text', async () => {
    const { db } = fakeDatabase();
    const content = serviceOf(db);
    const { body } = await (await content.lookup('dates', null)).answer();
    const raw = await body.bytes(null);
    expect(raw.toString()).toBe('{"data":{"wko_market_dates":{}}}');
    expect(gunzipSync(await body.bytes('gzip'))).toEqual(raw);
    expect(brotliDecompressSync(await body.bytes('br'))).toEqual(raw);
    expect(body.encodingFor('gzip, deflate, br')).toBe('br');
  });

  it('are served with the database away; a delta is then the whole answer', async () => {
    const { db, state } = fakeDatabase();
    const content = serviceOf(db);
    await content.prepare();
    state.down = true;
    const found = await content.lookup('markets', null);
    expect(found.etag).toBe('"markets-1-public"');
    expect((await (await found.answer()).body.bytes('gzip')).length).toBeGreaterThan(0);
    expect(await content.delta('markets', '"markets-1-public"')).toBeNull();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    content.changed(); // a publication that fails leaves the last one served
    await content.settled();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect((await content.lookup('markets', null)).etag).toBe('"markets-1-public"');
  });

  it("with a user's hidden records read their municipality afresh every time", async () => {
    const { db, state } = fakeDatabase();
    const content = serviceOf(db);
    expect((await content.lookup('dates', SESSION)).etag).toBe('"dates-1.1-62219"');
    state.version = 4; // the publication may stay as it is a moment, the user's own part not
    const found = await content.lookup('dates', SESSION);
    expect(found.etag).toBe('"dates-1.4-62219"');
    expect((await (await found.answer()).body.bytes(null)).toString()).toBe('{"data":{"wko_market_dates":{}}}');
  });
});

describe('the publication thread', () => {
  it('refuses changes to a version it does not hold, and a clerk’s answer before it holds any (a thread started afresh)', async () => {
    const worker = startThread(new URL('./content-worker.ts', import.meta.url));
    const ask = (work: ContentWork) =>
      new Promise<ContentWorkDone>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage({ ...work, id: 1 });
      });
    try {
      const none = { changed: [], deletedIds: [] };
      const date = { id: 'd1', gkz: '62219', members: ['"d1":{"id":"d1"}'] };
      expect(await ask({ op: 'changes', kind: 'dates', from: 4n, version: 5n, delta: none })).toMatchObject({
        ok: false,
      });
      expect(await ask({ op: 'own', kind: 'dates', gkz: '62219', records: [] })).toMatchObject({ ok: false });
      expect(await ask({ op: 'all', kind: 'dates', version: 4n, records: [date] })).toMatchObject({ ok: true });
      expect(await ask({ op: 'changes', kind: 'dates', from: 3n, version: 5n, delta: none })).toMatchObject({
        ok: false,
      });
      // Nothing of the answer changed: the version moves on, the bytes stay those of version 4.
      const same = await ask({ op: 'changes', kind: 'dates', from: 4n, version: 5n, delta: none });
      expect(same).toEqual({ id: 1, ok: true, version: 5n });
    } finally {
      await worker.terminate();
    }
  });
});

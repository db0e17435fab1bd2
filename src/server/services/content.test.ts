import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { createContentService, REFRESH_EVERY_MS } from './content.ts';

/** The session of a clerk of municipality 62219. */
const SESSION = 'a-clerk-of-62219-with-a-session';

/**
 * A database of no markets whose content version the test sets, and whose version reads it can hold
 * up; SESSION is a live session of a clerk of 62219.
 */
function fakeDatabase() {
  const state = { version: 1, versionReads: 0, hold: null as Promise<void> | null };
  const clerk = { user_id: 'clerk', email: 'clerk@62219.example', gkz: '62219', confirmed: true, operator: false };
  const query = async <Row>(sql: string): Promise<Row[]> => {
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

afterEach(() => {
  vi.useRealTimers();
});

describe('the public content answers', () => {
  it('are kept per content version and looked at again after a change made here', async () => {
    const { db, state } = fakeDatabase();
    const content = createContentService(db, { refreshEveryMs: 0 });
    const first = await content.lookup('dates', null);
    expect(first.etag).toBe('"dates-1-public"');
    const readsAfterFirst = state.versionReads;
    await content.lookup('dates', null);
    expect(state.versionReads).toBe(readsAfterFirst); // within a second, nothing changed here: no query

    state.version = 2;
    content.changed();
    expect((await content.lookup('dates', null)).etag).toBe('"dates-2-public"');
  });

  it('notice a change made by another process within a second', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { db, state } = fakeDatabase();
    const content = createContentService(db);
    await content.lookup('markets', null);
    state.version = 7; // written by another server process: this one is not told
    expect((await content.lookup('markets', null)).etag).toBe('"markets-1-public"');
    vi.advanceTimersByTime(1000);
    expect((await content.lookup('markets', null)).etag).toBe('"markets-7-public"');
  });

  it('go out as they are while a check is under way, so readers never queue behind the database', async () => {
    const { db, state } = fakeDatabase();
    const content = createContentService(db, { refreshEveryMs: 0 });
    await content.lookup('dates', null);
    let release = () => {};
    state.hold = new Promise((resolve) => (release = resolve));
    state.version = 3;
    content.changed();

    const checking = content.lookup('dates', null); // starts the check, and waits for it
    const meanwhile = await content.lookup('dates', null);
    expect(meanwhile.etag).toBe('"dates-1-public"');
    release();
    expect((await checking).etag).toBe('"dates-3-public"');
  });

  it('are made again at most every REFRESH_EVERY_MS under a stream of saves, with the last save in them', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const { db, state } = fakeDatabase();
    const content = createContentService(db);
    await content.lookup('dates', null);
    const readsAfterFirst = state.versionReads;
    for (const version of [2, 3]) {
      state.version = version;
      content.changed();
      expect((await content.lookup('dates', null)).etag).toBe('"dates-1-public"'); // made a moment ago
    }
    expect(state.versionReads).toBe(readsAfterFirst);

    await vi.advanceTimersByTimeAsync(REFRESH_EVERY_MS);
    expect(state.versionReads).toBeGreaterThan(readsAfterFirst); // made again without waiting for a reader
    expect((await content.lookup('dates', null)).etag).toBe('"dates-3-public"');
  });

  it('go out whole in the newest version gzipped, and under a stream of saves are gzipped again at most every fourth refresh', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const { db, state } = fakeDatabase();
    const content = createContentService(db);
    const wholeGzip = async () => {
      const found = await content.lookup('dates', null);
      const answer = await found.answer();
      await answer.body.chunks('gzip');
      return { newest: found.etag, whole: answer.etag };
    };
    expect(await wholeGzip()).toEqual({ newest: '"dates-1-public"', whole: '"dates-1-public"' });

    state.version = 2;
    content.changed();
    await vi.advanceTimersByTimeAsync(REFRESH_EVERY_MS);
    // Gzipped a refresh ago: the whole answer stays the one gzipped, under its own ETag.
    expect(await wholeGzip()).toEqual({ newest: '"dates-2-public"', whole: '"dates-1-public"' });
    expect((await content.lookup('dates', SESSION)).etag).toBe('"dates-2.2-62219"'); // a clerk's is of the newest

    await vi.advanceTimersByTimeAsync(3 * REFRESH_EVERY_MS);
    expect(await wholeGzip()).toEqual({ newest: '"dates-2-public"', whole: '"dates-2-public"' });
  });

  it('are made ahead by prepare, so the first call waits for no database', async () => {
    const { db, state } = fakeDatabase();
    const content = createContentService(db);
    await content.prepare();
    const readsAfterPrepare = state.versionReads;
    expect(readsAfterPrepare).toBeGreaterThan(0);
    expect((await content.lookup('dates', null)).etag).toBe('"dates-1-public"');
    expect((await content.lookup('markets', null)).etag).toBe('"markets-1-public"');
    expect(state.versionReads).toBe(readsAfterPrepare);
  });

  it("with a user's hidden records read their municipality afresh every time", async () => {
    const { db, state } = fakeDatabase();
    const content = createContentService(db);
    expect((await content.lookup('dates', SESSION)).etag).toBe('"dates-1.1-62219"');
    state.version = 4; // the public part may stay as it is for a second, the user's own part not
    expect((await content.lookup('dates', SESSION)).etag).toBe('"dates-1.4-62219"');
  });

  it("with a user's hidden records are made once per ETag, however often the user asks", async () => {
    const { db, state } = fakeDatabase();
    const content = createContentService(db);
    const body = async () => (await (await content.lookup('dates', SESSION)).answer()).body;
    const first = await body();
    expect(first.raw.toString()).toBe('{"data":{"wko_market_dates":{}}}');
    expect(await body()).toBe(first);
    state.version = 5;
    expect(await body()).not.toBe(first);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompressedBody } from '../compression/compressed-body.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Published } from '../db/published.ts';
import { createContentService, WHOLE_ANSWER_RESTS } from './content.ts';

/** The session of a clerk of municipality 62219. */
const SESSION = 'a-clerk-of-62219-with-a-session';

/** A database that knows SESSION as a clerk of 62219 with no markets, and counts its queries; `away` makes each fail. */
function fakeDatabase() {
  const state = { version: 1, queries: 0, away: false };
  const clerk = { user_id: 'clerk', email: 'clerk@62219.example', gkz: '62219', confirmed: true, operator: false };
  const query = <Row>(sql: string): Promise<Row[]> => {
    state.queries += 1;
    if (state.away) return Promise.reject(new Error('The database is closed'));
    if (sql.includes('FROM sessions')) return Promise.resolve([{ ...clerk, touch_due: false }] as Row[]);
    if (sql.includes('content_version')) return Promise.resolve([{ version: String(state.version) }] as Row[]);
    return Promise.resolve([]);
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

const market = (id: string, title: string) => ({ id, gkz: '60101', title });
const date = (id: string, marketId: string) => ({ id, wko_market_id: marketId, date_start: '2027-01-04' });

/** A publisher's snapshot of the test's making: only what the content answers read of one. */
function snapshot(version: number, markets: object[], dates: object[] = []): Published {
  return { version: String(version), markets, dates } as unknown as Published;
}

/** A publisher the test tells what it published. */
function fakePublisher(first: Published) {
  let now = first;
  const listeners: ((snapshot: Published) => void)[] = [];
  return {
    onPublished(listener: (snapshot: Published) => void) {
      listeners.push(listener);
      listener(now);
    },
    publish(snapshot: Published) {
      now = snapshot;
      for (const listener of listeners) listener(snapshot);
    },
  };
}

const dataOf = async (answer: { body: CompressedBody }) =>
  (JSON.parse((await answer.body.bytes(null)).toString()) as { data: Record<string, unknown> }).data;

afterEach(() => {
  vi.useRealTimers();
});

describe('the public content answers', () => {
  it("are the publisher's snapshot, under its version's ETag, and read nothing from the database", async () => {
    const { db, state } = fakeDatabase();
    const publisher = fakePublisher(snapshot(1, [market('m1', 'Bauernmarkt')], [date('d1', 'm1')]));
    const content = createContentService(db, { publisher, wholeRests: 0 });
    const first = await content.lookup('dates', null);
    expect(first.etag).toBe('"dates-1-public"');
    expect(await dataOf(await first.answer())).toEqual({ wko_market_dates: { d1: date('d1', 'm1') } });

    publisher.publish(snapshot(2, [market('m1', 'Bauernmarkt')]));
    const second = await content.lookup('dates', null);
    expect(second.etag).toBe('"dates-2-public"');
    expect(await dataOf(await second.answer())).toEqual({ wko_market_dates: {} });
    expect(state.queries).toBe(0);
  });

  it('are served while the database is away', async () => {
    const { db, state } = fakeDatabase();
    state.away = true;
    const content = createContentService(db, { publisher: fakePublisher(snapshot(4, [market('m1', 'Markt')])) });
    const found = await content.lookup('markets', null);
    expect(found.etag).toBe('"markets-4-public"');
    expect(Object.keys((await dataOf(await found.answer())).wko_markets as object)).toEqual(['1', '2', '3']);
  });

  it('give no delta across a snapshot read whole: the apps get the whole answer', async () => {
    const { db } = fakeDatabase();
    const publisher = fakePublisher(snapshot(1, [market('m1', 'Markt')]));
    const content = createContentService(db, { publisher });
    publisher.publish(snapshot(2, [market('m1', 'Markt'), market('m2', 'Neu')])); // a restore: read whole
    expect(await content.delta('markets', '"markets-1-public"')).toBeNull();
    expect((await content.delta('markets', '"markets-2-public"'))?.etag).toBe('"markets-2-public"');
    expect(await content.delta('markets', '"dates-2-public"')).toBeNull();
  });

  it('go out whole in the version made last while that one rests, and the next is begun after its rest', async () => {
    const { db } = fakeDatabase();
    const publisher = fakePublisher(snapshot(1, [market('m1', 'Markt')]));
    const resting = createContentService(db, { publisher, wholeRests: 1e9 });
    const whole = async (content: typeof resting) => (await (await content.lookup('markets', null)).answer()).etag;
    const rested = createContentService(db, { publisher, wholeRests: WHOLE_ANSWER_RESTS });
    expect(await whole(resting)).toBe('"markets-1-public"');
    expect(await whole(rested)).toBe('"markets-1-public"');
    await new Promise((resolve) => setTimeout(resolve, 20)); // more than 20 times a few records' making

    publisher.publish(snapshot(2, [market('m1', 'Markt'), market('m2', 'Neu')]));
    expect(await whole(resting)).toBe('"markets-1-public"');
    expect((await resting.lookup('markets', SESSION)).etag).toBe('"markets-2.1-62219"'); // a clerk's is of now
    expect(await whole(rested)).toBe('"markets-1-public"'); // begins the next, and goes out meanwhile
    await vi.waitFor(async () => expect(await whole(rested)).toBe('"markets-2-public"'), { timeout: 10_000 });
  });

  it('are made ahead by prepare', async () => {
    const { db } = fakeDatabase();
    const content = createContentService(db, { publisher: fakePublisher(snapshot(1, [])) });
    await content.prepare();
    expect((await (await content.lookup('dates', null)).answer()).etag).toBe('"dates-1-public"');
  });
});

describe("an answer with a user's hidden records", () => {
  it('reads their municipality afresh every time, and is made once per ETag', async () => {
    const { db, state } = fakeDatabase();
    const content = createContentService(db, {
      publisher: fakePublisher(snapshot(1, [market('m1', 'Markt')], [date('d1', 'm1')])),
    });
    const found = () => content.lookup('dates', SESSION);
    expect((await found()).etag).toBe('"dates-1.1-62219"');
    const body = async () => (await (await found()).answer()).body;
    const first = await body();
    expect((await first.bytes(null)).toString()).toBe(
      `{"data":{"wko_market_dates":{"d1":${JSON.stringify(date('d1', 'm1'))}}}}`,
    );
    expect(await body()).toBe(first);
    state.version = 4;
    expect((await found()).etag).toBe('"dates-1.4-62219"');
    expect(await body()).not.toBe(first);
  });
});

import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { LANGUAGE_IDS, LOCALES } from '../../lib/languages.ts';
import type { ContentMarket, MarketRecord } from '../../lib/market.ts';
import { compressedBody } from '../compression/compressed-body.ts';
import { negotiateEncoding, type Encoding } from '../compression/negotiate.ts';
import type { Database } from '../db/database.ts';
import { contentVersion } from '../db/queries/markets.ts';
import { startThread } from '../thread.ts';
import { readAll, readChangesSince, readOwn, deltaText } from './content-reads.ts';
import { labelsIn, type ContentKind } from './content-records.ts';
import type { ContentWork, ContentWorkDone } from './content-worker.ts';

export type { ContentKind } from './content-records.ts';

/** A content answer's bytes, in the coding a request takes. */
export interface AnswerBody {
  /** The coding this body goes out in for a request's Accept-Encoding; null: as it is. */
  encodingFor(acceptEncoding: string | undefined): Encoding | null;
  bytes(encoding: Encoding | null): Promise<Buffer>;
}

export interface ContentAnswer {
  etag: string;
  body: AnswerBody;
}

/** What a content call answers: its ETag now, and the body only when the client needs it. */
export interface ContentLookup {
  etag: string;
  /** Whether the answer holds the session's municipality's hidden records too. */
  own: boolean;
  answer: () => Promise<ContentAnswer>;
}

const KINDS = ['dates', 'markets'] as const satisfies readonly ContentKind[];
/** How often the content version is looked at for changes made through other server processes. */
const POLL_MS = 1000;

const gunzipAsync = promisify(gunzip);

/**
 * The two content calls (api.md, seed calls 1 and 2), and their deltas (docs/api.md, `since`).
 *
 * The public answers are published, not made per request: after a change (made here, or seen by
 * the poll when another process made it) the worker (content-worker.ts) applies what the change
 * log names since the last publication, writes both answers whole and compresses them once, and
 * they are switched to at once. One publication is under way at a time; changes made meanwhile go
 * out together in the next. Serving one is a lookup, without the database: with the database away,
 * the last publication is still served (issue 50).
 *
 * A delta comes from the change log (migration 0011), from the app's version to the database's now.
 * A clerk's answer with hidden records (include_hidden_records=1) is the publication with their
 * municipality read afresh, made by the worker and kept per version for repeated asks.
 */
export function createContentService(
  database: Database,
  {
    /** Each lookup first waits for the publication of every change made before it (API tests read right after a save). */
    readYourWrites = false,
  } = {},
) {
  const worker = publicationWorker();
  const ask = worker.ask;
  const published = new Map<ContentKind, { version: bigint; answer: ContentAnswer }>();
  const deltas = new LRUCache<string, Promise<ContentAnswer | null>>({
    max: 64,
    ttl: POLL_MS,
    ttlResolution: 0,
    ttlAutopurge: true,
  });
  const ownAnswers = new LRUCache<string, ContentAnswer>({ max: 4 });
  let publishing: Promise<void> | undefined;
  /** The publication that starts once the one under way is done: every change asked for meanwhile goes out in it. */
  let queued: Promise<void> | undefined;

  async function publishKind(kind: ContentKind): Promise<void> {
    // A worker started afresh (the one before failed) holds no records: it is given them all.
    const held = worker.holds(kind) ? published.get(kind) : undefined;
    const next = held ? await database.run(readChangesSince, { kind, since: held.version }) : null;
    if (held && next?.version === held.version) return;
    // The worker refuses changes to a version it does not hold (it failed meanwhile): then all records.
    const done =
      (held &&
        next &&
        (await ask({ op: 'changes', kind, from: held.version, version: next.version, delta: next.delta }).catch(
          () => undefined,
        ))) ||
      (await ask({ op: 'all', kind, ...(await database.run(readAll, kind)) }));
    worker.held(kind);
    const etag = etagOf(kind, String(done.version), null);
    // A change that left this answer as it was (a date's save, for the markets) keeps its bytes.
    const body = done.gzip && done.br ? publishedBody(done.gzip, done.br) : held!.answer.body;
    published.set(kind, { version: done.version, answer: { etag, body } });
    deltas.clear(); // none is behind the publication
  }

  /**
   * A publication that starts after this call: now, or once the one under way is done (all calls
   * made meanwhile share that next one).
   */
  function publish(): Promise<void> {
    if (!publishing) {
      publishing = (async () => {
        for (const kind of KINDS) await publishKind(kind);
      })().finally(() => (publishing = undefined));
      return publishing;
    }
    queued ??= publishing
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return publish();
      });
    return queued;
  }

  const poll = setInterval(() => {
    contentVersion(database.ahead).then(
      (version) => {
        if (KINDS.some((kind) => published.get(kind)?.version !== BigInt(version))) void publish().catch(logFailure);
      },
      () => {}, // the database away: the last publication is served meanwhile
    );
  }, POLL_MS);
  poll.unref();

  async function current(kind: ContentKind): Promise<{ version: bigint; answer: ContentAnswer }> {
    if (readYourWrites || !published.has(kind)) await publish();
    return published.get(kind)!;
  }

  return {
    /** The first publication, made before the portal listens (Austria scale: about a second of the worker's). */
    prepare: (): Promise<void> => publish(),

    /** Markets or dates were changed through this process: a publication follows. */
    changed: (): void => {
      deltas.clear();
      void publish().catch(logFailure);
    },

    /** Resolves once every change known when it was called is published (tests, bench). */
    settled: async (): Promise<void> => {
      while (queued ?? publishing) await (queued ?? publishing)!.catch(() => {});
    },

    /** The public answer; given a session, with its municipality's records all in it, hidden ones too. */
    async lookup(kind: ContentKind, session: string | null): Promise<ContentLookup> {
      const [{ answer: publicAnswer }, own] = await Promise.all([
        current(kind),
        session === null ? null : database.ahead.run(readOwn, { kind, session }),
      ]);
      if (!own) return { etag: publicAnswer.etag, own: false, answer: () => Promise.resolve(publicAnswer) };
      const answer = async () => {
        if (!worker.holds(kind)) await publish();
        const done = await ask({ op: 'own', kind, gkz: own.gkz, records: own.records });
        const etag = etagOf(kind, `${done.version}.${own.version}`, own.gkz);
        const kept = ownAnswers.get(etag) ?? { etag, body: compressedBody(Buffer.from(done.raw!)) };
        ownAnswers.set(etag, kept);
        return kept;
      };
      // The ETag names the publication the answer is made of: a publication since makes it new.
      const etag = etagOf(kind, `${published.get(kind)!.version}.${own.version}`, own.gkz);
      const kept = ownAnswers.get(etag);
      return { etag, own: true, answer: kept ? () => Promise.resolve(kept) : answer };
    },

    /**
     * What changed in the public answer since the one whose ETag is `since`, with the ETag of the
     * database's version now; null when that cannot be told (unknown, malformed, another kind or
     * scope, older than the log, the database away): then the whole answer is due.
     */
    delta(kind: ContentKind, since: string): Promise<ContentAnswer | null> {
      const version = versionOfEtag(kind, since);
      if (version === null) return Promise.resolve(null);
      const key = `${kind}:${version}`;
      let delta = deltas.get(key);
      if (!delta) {
        delta = database.ahead.run(readChangesSince, { kind, since: version }).then(
          (next) =>
            next && {
              etag: etagOf(kind, String(next.version), null),
              body: compressedBody(deltaText(kind, next.delta)),
            },
          () => null,
        );
        deltas.set(key, delta);
      }
      return delta;
    },

    stop: async (): Promise<void> => {
      clearInterval(poll);
      await worker.stop();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

function logFailure(error: unknown): void {
  console.error(`Publishing the content answers failed (the last publication is served): ${String(error)}`);
}

/** A publication's answer: both codings made; as it is only when a client takes neither (made then, and kept). */
function publishedBody(gzip: Uint8Array, br: Uint8Array): AnswerBody {
  const encoded = { gzip: Buffer.from(gzip), br: Buffer.from(br) };
  let raw: Promise<Buffer> | undefined;
  return {
    encodingFor: (acceptEncoding) => negotiateEncoding(acceptEncoding),
    bytes: (encoding) => (encoding ? Promise.resolve(encoded[encoding]) : (raw ??= gunzipAsync(encoded.gzip))),
  };
}

/** The worker, started at the first publication (an API made in a test may never publish), and its messages. */
function publicationWorker() {
  type Done = ContentWorkDone & { ok: true };
  const waiting = new Map<number, { resolve: (done: Done) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let thread: Worker | undefined;
  /** The kinds whose records the thread holds. */
  const holding = new Set<ContentKind>();
  const started = () => {
    if (thread) return thread;
    const worker = startThread(new URL('./content-worker.ts', import.meta.url));
    worker.on('message', (done: ContentWorkDone) => {
      const waiter = waiting.get(done.id);
      waiting.delete(done.id);
      // The thread keeps the process alive only while something waits for it.
      if (waiting.size === 0) worker.unref();
      if (done.ok) waiter?.resolve(done);
      else waiter?.reject(new Error(done.error));
    });
    const lost = (error: Error) => {
      for (const waiter of waiting.values()) waiter.reject(error);
      waiting.clear();
      if (thread === worker) thread = undefined; // the next publication starts another
      holding.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The content publication's thread stopped (exit code ${code}).`)));
    return (thread = worker);
  };
  return {
    ask: (work: ContentWork) =>
      new Promise<Done>((resolve, reject) => {
        const worker = started();
        const id = ++lastId;
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ ...work, id });
      }),
    holds: (kind: ContentKind) => holding.has(kind),
    held: (kind: ContentKind) => holding.add(kind),
    stop: async () => {
      await thread?.terminate();
      thread = undefined;
      holding.clear();
    },
  };
}

function etagOf(kind: ContentKind, version: string, ownGkz: string | null): string {
  return `"${kind}-${version}-${ownGkz ?? 'public'}"`;
}

/** The version of a public answer's ETag of this kind (a proxy may have made it weak); null for any other. */
function versionOfEtag(kind: ContentKind, etag: string): bigint | null {
  const match = /^(?:W\/)?"(dates|markets)-(\d{1,18})-public"$/.exec(etag.trim());
  return match && match[1] === kind ? BigInt(match[2]!) : null;
}

export function byId<T extends { id: string }>(records: readonly T[]): Record<string, T> {
  return Object.fromEntries(records.map((record) => [record.id, record]));
}

/** Markets grouped by language id, as a save answers them (api.md): the same labels as the content calls. */
export function groupsByLanguage(markets: readonly MarketRecord[]): Record<string, Record<string, ContentMarket>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [String(LANGUAGE_IDS[locale]), byId(markets.map(labelsIn(locale)))]),
  );
}

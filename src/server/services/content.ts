import { LRUCache } from 'lru-cache';
import { compressedBody, packedBody, type CompressedBody } from '../compression/compressed-body.ts';
import type { Database } from '../db/database.ts';
import { publishedStep, readPublished, type Published } from '../db/published.ts';
import { ownEtag, publicEtag, versionOfPublicEtag } from './content-etags.ts';
import { readOwn } from './content-reads.ts';
import { answerBytes, publishedRecords, stepRecords, type ContentKind, type ContentRecord } from './content-records.ts';
import { ContentSteps } from './content-steps.ts';

export type { ContentKind } from './content-records.ts';

export interface ContentAnswer {
  etag: string;
  /** The JSON of `{"data": …}`, in its codings (a whole answer: in them only, compressed-body.ts). */
  body: CompressedBody;
}

/** What a content call answers: its ETag now, and the body only when the client needs it. */
export interface ContentLookup {
  etag: string;
  /** Whether the answer holds the session's municipality's hidden records too. */
  own: boolean;
  answer: () => Promise<ContentAnswer>;
}

export interface ContentOptions {
  /**
   * Whose snapshots the answers are made of: the directory publisher's (run-portal.ts). Without one
   * (API tests) each ask reads the snapshot on from the database, so a read right after a save sees it.
   */
  publisher?: { onPublished(listener: (snapshot: Published) => void): void };
  /** How many times as long as it took to make a whole answer rests before the next (WHOLE_ANSWER_RESTS; 0: none, tests). */
  wholeRests?: number;
}

/**
 * Under a stream of saves a whole answer is made again only once the one before has gone out for
 * this many times as long as it took to make: so making them takes at most about a twentieth of
 * the time. At Austria scale (29 MB of JSON, 0.5-1 s of gzip and brotli on the thread pool) that
 * is every 10-20 s, on the demo's data a few milliseconds. Meanwhile whole answers go out in the
 * version made last, with its ETag, and an app's next call gets the rest as a delta. Under
 * `npm run load -- --markets 6000`, whole answers made every 5 s cost 10-15 % of the throughput and
 * 40 % on the content calls' p99; every 60 s, nothing measurable.
 */
export const WHOLE_ANSWER_RESTS = 20;
/**
 * Answers with one municipality's hidden records kept for repeated asks, by ETag: a clerk asking
 * again and again costs no new answer while nothing changed. Bounded by bytes: the text and about
 * two fifths more for its codings, so at Austria scale two answers.
 */
const KEPT_OWN_ANSWER_BYTES = 64 * 1024 * 1024;
/** Deltas kept, by kind, `since` and version (small). */
const KEPT_DELTAS = 64;

/** One snapshot, and its records of each answer once asked for. */
interface Publication {
  snapshot: Published;
  version: bigint;
  /** Counts the publications held, in order: a version may go back (a restore), this not. */
  made: number;
  records: (kind: ContentKind) => ContentRecord[];
}

interface Whole {
  from: Publication;
  answer: ContentAnswer;
  /** When it was made, and how long that took (performance.now(), ms). */
  madeAt: number;
  took: number;
}

const KINDS = ['dates', 'markets'] as const;

/**
 * The two content calls (api.md, seed calls 1 and 2) and their deltas (docs/api.md, `since`),
 * made from the directory publisher's snapshot (db/published.ts), so that the apps, the pages and
 * the feeds show one version, read from the database once (issue 50).
 *
 * A request never reads the database for a public answer: it gets the publication at hand, also
 * while the database is away. A whole answer is made when first asked for after a publication, at
 * most as WHOLE_ANSWER_RESTS allows, and kept in its two codings only, made before it is sent. A delta is folded from the
 * steps between the publications this process held; a `since` before them gets the whole answer.
 *
 * A logged-in user's answer with hidden records is the publication's records with their own
 * municipality's read afresh in their place, written whole and kept by ETag.
 */
export function createContentService(database: Database, options: ContentOptions = {}) {
  // A reader waits on each of its reads: they go before the saves waiting their turn.
  const db = database.ahead;
  const { publisher, wholeRests = WHOLE_ANSWER_RESTS } = options;
  let publication: Publication | undefined;
  const steps: Record<ContentKind, ContentSteps> = { dates: new ContentSteps(), markets: new ContentSteps() };
  const wholes = new Map<ContentKind, Whole>();
  const making = new Map<ContentKind, Promise<Whole>>();
  const ownAnswers = new LRUCache<string, ContentAnswer>({
    maxSize: KEPT_OWN_ANSWER_BYTES,
    sizeCalculation: (answer) => Math.max(1, Math.ceil(answer.body.size * 1.4)),
  });
  const deltas = new LRUCache<string, ContentAnswer>({ max: KEPT_DELTAS });

  /** Holds a snapshot published after the one held, with the step between them. */
  function follow(snapshot: Published): Publication {
    const before = publication;
    const version = BigInt(snapshot.version);
    const step = publishedStep(snapshot);
    // Read on from the one held and nothing changed: the one held stays, with its whole answers.
    if (before && version === before.version && step?.since === before.snapshot.version) return before;
    const readOnFromHeld = before !== undefined && step?.since === before.snapshot.version;
    for (const kind of KINDS)
      if (readOnFromHeld) steps[kind].add(before.version, version, stepRecords(snapshot, kind, step));
      else steps[kind].clear(); // read whole (a start, a restore): the apps get the whole answer
    if (!readOnFromHeld) deltas.clear();
    const made = new Map<ContentKind, ContentRecord[]>();
    const records = (kind: ContentKind) =>
      made.get(kind) ?? made.set(kind, publishedRecords(snapshot, kind)).get(kind)!;
    publication = { snapshot, version, made: (before?.made ?? 0) + 1, records };
    return publication;
  }

  const readOn = publisher ? undefined : readOnEachAsk(database);
  publisher?.onPublished(follow);
  /** The publication now. */
  async function current(): Promise<Publication> {
    if (readOn) return follow(await readOn());
    if (!publication) throw new Error('Nothing is published yet.');
    return publication;
  }

  function makeWhole(kind: ContentKind, from: Publication): Promise<Whole> {
    const made = (async () => {
      const started = performance.now();
      const body = await packedBody(answerBytes(kind, from.records(kind)));
      const madeAt = performance.now();
      const whole = { from, answer: { etag: publicEtag(kind, from.version), body }, madeAt, took: madeAt - started };
      if ((wholes.get(kind)?.from.made ?? 0) <= from.made) wholes.set(kind, whole);
      return whole;
    })().finally(() => making.delete(kind));
    making.set(kind, made);
    return made;
  }

  /**
   * The whole answer of `from`; under a stream of saves one made before, while the next is made:
   * one under way at most, begun once the one before has rested (WHOLE_ANSWER_RESTS).
   */
  async function whole(kind: ContentKind, from: Publication): Promise<ContentAnswer> {
    const made = wholes.get(kind);
    if (made && made.from.made >= from.made) return made.answer;
    const under = making.get(kind);
    if (made && wholeRests > 0) {
      if (!under && performance.now() - made.madeAt >= made.took * wholeRests)
        void makeWhole(kind, from).catch(() => {});
      return made.answer;
    }
    const next = await (under ?? makeWhole(kind, from));
    return next.from.made >= from.made ? next.answer : whole(kind, from);
  }

  return {
    /** Makes the whole answers before the first app asks (run-portal.ts: a moment after the start). */
    async prepare(): Promise<void> {
      const from = await current();
      await Promise.all(KINDS.map((kind) => whole(kind, from)));
    },

    /** The public answer; given a session, with its municipality's records all in it, hidden ones too. */
    async lookup(kind: ContentKind, session: string | null): Promise<ContentLookup> {
      const [from, own] = await Promise.all([current(), session === null ? null : db.run(readOwn, { kind, session })]);
      if (!own) return { etag: publicEtag(kind, from.version), own: false, answer: () => whole(kind, from) };
      const etag = ownEtag(kind, from.version, own.version, own.gkz);
      const answer = () => {
        let kept = ownAnswers.get(etag);
        if (!kept) {
          const others = from.records(kind).filter((record) => record.gkz !== own.gkz);
          kept = { etag, body: compressedBody(answerBytes(kind, [...others, ...own.records])) };
          ownAnswers.set(etag, kept);
        }
        return Promise.resolve(kept);
      };
      return { etag, own: true, answer };
    },

    /** One municipality's records in the publication at hand (get_own_content for a session that sees no hidden ones). */
    async publicRecordsOf(kind: ContentKind, gkz: string): Promise<ContentRecord[]> {
      return (await current()).records(kind).filter((record) => record.gkz === gkz);
    },

    /**
     * What changed in the public answer since the one whose ETag is `since`, with the ETag of now;
     * null when that cannot be told (unknown, malformed, another kind or scope, before the steps
     * held): then the whole answer is due.
     */
    async delta(kind: ContentKind, since: string): Promise<ContentAnswer | null> {
      const version = versionOfPublicEtag(kind, since);
      if (version === null) return null;
      const { version: now } = await current();
      const key = `${kind}:${version}:${now}`;
      let answer = deltas.get(key);
      const delta = answer ? null : steps[kind].between(version, now);
      if (delta) {
        const changed = [...delta.changed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        answer = { etag: publicEtag(kind, now), body: compressedBody(answerBytes(kind, changed, delta.deletedIds)) };
        deltas.set(key, answer);
      }
      return answer ?? null;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

/** Each ask reads the snapshot on from the one before, one read at a time, each begun after its ask. */
function readOnEachAsk(db: Database): () => Promise<Published> {
  let last: Published | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return () => {
    const read = queue.then(async () => (last = await readPublished(db.ahead, last)));
    queue = read.catch(() => {});
    return read;
  };
}

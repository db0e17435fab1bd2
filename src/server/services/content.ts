import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';
import { contentVersion } from '../db/queries/markets.ts';
import { joinedBody, oncePer, textBody, type ContentBody, type JoinedBody } from './content-body.ts';
import { ownEtag, publicEtag, versionOfPublicEtag } from './content-etags.ts';
import { readAll, readChangesSince, readOwn, deltaText } from './content-reads.ts';
import { ContentSteps } from './content-steps.ts';
import {
  answerParts,
  answerText,
  districtOf,
  HeldRecords,
  withOwnRecords,
  type ContentKind,
  type ContentRecord,
  type Districts,
} from './content-records.ts';

export type { ContentKind } from './content-records.ts';

export interface ContentAnswer {
  etag: string;
  /** The JSON of `{"data": …}`; a public one is made once per content version from its districts' parts. */
  body: ContentBody;
}

/** What a content call answers: its ETag now, and the body only when the client needs it. */
export interface ContentLookup {
  etag: string;
  /** Whether the answer holds the session's municipality's hidden records too. */
  own: boolean;
  answer: () => Promise<ContentAnswer>;
}

/** How long a check of the content version holds for changes made by other server processes. */
const CHECKED_FOR_MS = 1000;
/**
 * Under a stream of saves, the public answers are made again at most this often: one new version
 * for many saves, so its parts, gzip and the apps' deltas are made once for all of them, not per
 * save (issue 18). A public answer is then about this much behind a save made here at most.
 */
export const REFRESH_EVERY_MS = 250;
/**
 * Under a stream of saves a whole public answer is gzipped at most once in this many refreshes
 * (a second); meanwhile whole answers are made of the newest version whose gzip is made, with its
 * ETag, and an app's next call gets the rest as a delta. Each new gzip deflates the districts
 * changed since the one before on the thread pool: gzipped at every refresh, that was eight bursts
 * a second under issue 18's load, and the apps' larger deltas waited behind them (decision record 0024).
 */
const REFRESHES_PER_WHOLE_GZIP = 4;
/** A whole answer's brotli (Austria scale: 17 MB of JSON) is made at most this often; gzip meanwhile. */
const BROTLI_EVERY_MS = 10_000;
/**
 * Answers with one municipality's hidden records kept for repeated asks, by ETag: each holds its
 * text (Austria scale: 17 MB) and its codings once asked for, so a clerk asking again and again
 * costs no new answer while nothing changed. Bounded by bytes: the text and about two fifths more
 * for its codings, so at Austria scale two answers.
 */
const KEPT_OWN_ANSWER_BYTES = 64 * 1024 * 1024;
/** Deltas kept, by kind and `since` (small): as many read from the change log, and as many folded from the steps. */
const KEPT_DELTAS = 64;

interface HeldAnswer {
  version: bigint;
  /** Counts the answers made here, in order: a version may go back (a restore), this not. */
  made: number;
  answer: ContentAnswer & { body: JoinedBody };
  districts: Districts;
  checkedAt: number;
  /** `changesHere` when the version was last read. */
  changesSeen: number;
}

interface KeptDelta {
  answer: Promise<ContentAnswer | null>;
  checkedAt: number;
  changesSeen: number;
}

/**
 * The two content calls (api.md, seed calls 1 and 2), and their deltas (docs/api.md, `since`).
 *
 * Public answers are kept in memory per content version. The version is checked again (one tiny
 * query) after a change made through this process, and otherwise at most once a second, since
 * other processes sharing the database (design: scale path) may have changed it. While a check
 * or a rebuild is under way, other requests get the answer at hand rather than queueing behind
 * the database; so readers do not wait behind the editors' saves, and a public answer is at most
 * one refresh (or a second, for another process's change) behind the database.
 *
 * A new version is not read whole: the change log (migration 0011) names the markets changed
 * since the version at hand, only those are read again, and only their districts' parts of the
 * answer are made and deflated again (docs/decisions/0013-change-log.md).
 *
 * A logged-in user's answer with hidden records is the public records held now with their own
 * municipality's records read afresh in place of its published ones, written whole and kept by ETag.
 */
export function createContentService(database: Database, { refreshEveryMs = REFRESH_EVERY_MS } = {}) {
  // A reader waits on each of its reads: they go before the saves waiting their turn.
  const db = database.ahead;
  const publicAnswers = new Map<ContentKind, HeldAnswer>();
  const heldRecords = new Map<ContentKind, HeldRecords>();
  const refreshing = new Map<ContentKind, Promise<HeldAnswer>>();
  const refreshDue = new Set<ContentKind>();
  const mayStartBrotli: Record<ContentKind, () => boolean> = {
    dates: oncePer(BROTLI_EVERY_MS),
    markets: oncePer(BROTLI_EVERY_MS),
  };
  const mayStartGzip: Record<ContentKind, () => boolean> = {
    dates: oncePer(refreshEveryMs * REFRESHES_PER_WHOLE_GZIP),
    markets: oncePer(refreshEveryMs * REFRESHES_PER_WHOLE_GZIP),
  };
  /** The newest public answer whose gzip is made, per kind. */
  const gzipped = new Map<ContentKind, HeldAnswer>();
  let answersMade = 0;
  const ownAnswers = new LRUCache<string, ContentAnswer>({
    maxSize: KEPT_OWN_ANSWER_BYTES,
    sizeCalculation: (answer) => Math.max(1, Math.ceil(answer.body.raw.length * 1.4)),
  });
  const deltas = new LRUCache<string, KeptDelta>({ max: KEPT_DELTAS });
  const steps: Record<ContentKind, ContentSteps> = { dates: new ContentSteps(), markets: new ContentSteps() };
  const folded = new LRUCache<string, ContentAnswer>({ max: KEPT_DELTAS });
  let changesHere = 0;

  const isCurrent = (checked: { checkedAt: number; changesSeen: number }) =>
    checked.changesSeen === changesHere && performance.now() - checked.checkedAt < CHECKED_FOR_MS;

  async function refreshPublic(kind: ContentKind): Promise<HeldAnswer> {
    const changesSeen = changesHere;
    const checkedAt = performance.now();
    const held = publicAnswers.get(kind);
    const records = heldRecords.get(kind);
    if (held && records) {
      if (held.version === BigInt(await contentVersion(db))) {
        const checked = { ...held, checkedAt, changesSeen };
        publicAnswers.set(kind, checked);
        return checked;
      }
      const next = await db.run(readChangesSince, { kind, since: held.version });
      if (next) {
        for (const id of next.delta.deletedIds) records.remove(id);
        for (const record of next.delta.changed) records.put(record);
        steps[kind].add(held.version, next.version, next.delta);
        return hold(kind, next.version, records, checkedAt, changesSeen);
      }
    }
    steps[kind].clear();
    const all = await db.run(readAll, kind);
    const fresh = new HeldRecords(kind);
    for (const record of all.records) fresh.put(record);
    heldRecords.set(kind, fresh);
    return hold(kind, all.version, fresh, checkedAt, changesSeen);
  }

  function hold(
    kind: ContentKind,
    version: bigint,
    records: HeldRecords,
    checkedAt: number,
    changesSeen: number,
  ): HeldAnswer {
    const districts = records.districts();
    // Only a gzip made already: waiting for one to be made would chain every answer to the one before.
    const before = () => gzipped.get(kind)?.answer.body.gzipAtHand();
    const body = joinedBody(answerParts(kind, districts), mayStartBrotli[kind], before);
    const answer = { etag: publicEtag(kind, version), body };
    const held = { version, made: ++answersMade, answer, districts, checkedAt, changesSeen };
    publicAnswers.set(kind, held);
    return held;
  }

  function publicAnswer(kind: ContentKind): Promise<HeldAnswer> {
    const held = publicAnswers.get(kind);
    if (held && (isCurrent(held) || refreshing.has(kind) || refreshDue.has(kind))) return Promise.resolve(held);
    const sinceLast = held ? performance.now() - held.checkedAt : Infinity;
    if (held && sinceLast < refreshEveryMs) {
      refreshDue.add(kind);
      setTimeout(() => {
        refreshDue.delete(kind);
        refresh(kind).catch(() => {}); // the next request tries again
      }, refreshEveryMs - sinceLast).unref();
      return Promise.resolve(held);
    }
    return refresh(kind);
  }

  /** The public answer whole answers are made of now (REFRESHES_PER_WHOLE_GZIP): `held`, or an older one. */
  function whole(kind: ContentKind, held: HeldAnswer): HeldAnswer {
    // A request that waited for the database may hold an answer older than the one gzipped since.
    const done = gzipped.get(kind);
    if (done && done.made >= held.made) return done;
    if (held.answer.body.gzipAtHand()) {
      gzipped.set(kind, held);
      return held;
    }
    const mayStart = mayStartGzip[kind](); // counted even for the first gzip
    if (done && !mayStart) return done;
    held.answer.body.gzip().then(
      () => {
        if ((gzipped.get(kind)?.made ?? 0) < held.made) gzipped.set(kind, held);
      },
      () => {}, // the requests waiting for it get the failure; the next one allowed to start tries again
    );
    return held;
  }

  function refresh(kind: ContentKind): Promise<HeldAnswer> {
    let refresh = refreshing.get(kind);
    if (!refresh) {
      refresh = refreshPublic(kind).finally(() => refreshing.delete(kind));
      refreshing.set(kind, refresh);
    }
    return refresh;
  }

  /** A delta read from the change log (another process's version, or from before the steps held). */
  function deltaFromLog(kind: ContentKind, version: bigint): Promise<ContentAnswer | null> {
    const key = `${kind}:${version}`;
    const kept = deltas.get(key);
    if (kept && isCurrent(kept)) return kept.answer;
    const answer = db
      .run(readChangesSince, { kind, since: version })
      .then((next) => next && { etag: publicEtag(kind, next.version), body: textBody(deltaText(kind, next.delta)) });
    answer.catch(() => {
      if (deltas.peek(key)?.answer === answer) deltas.delete(key);
    });
    deltas.set(key, { answer, checkedAt: performance.now(), changesSeen: changesHere });
    return answer;
  }

  return {
    /**
     * Makes the public answers before the first app asks: at Austria scale that is about a second
     * of work, which would otherwise hold up every request under way at the first call.
     */
    async prepare(): Promise<void> {
      await Promise.all((['dates', 'markets'] as const).map(publicAnswer));
    },

    /** Markets or dates were changed through this process: the next request checks the version. */
    changed: (): void => {
      changesHere += 1;
    },

    /** The public answer; given a session, with its municipality's records all in it, hidden ones too. */
    async lookup(kind: ContentKind, session: string | null): Promise<ContentLookup> {
      // The clerk's records are read before the ETag is known (one turn of the database, not two): a
      // clerk's copy is seldom current, as any save in Austria makes a new version.
      const [held, own] = await Promise.all([
        publicAnswer(kind),
        session === null ? null : db.run(readOwn, { kind, session }),
      ]);
      if (!own) return { etag: held.answer.etag, own: false, answer: () => Promise.resolve(whole(kind, held).answer) };
      const etag = ownEtag(kind, held.version, own.version, own.gkz);
      const answer = () => {
        let kept = ownAnswers.get(etag);
        if (!kept) {
          const text = answerText(kind, withOwnRecords(kind, held.districts, own.gkz, own.records));
          kept = { etag, body: textBody(text) };
          ownAnswers.set(etag, kept);
        }
        return Promise.resolve(kept);
      };
      return { etag, own: true, answer };
    },

    /** One municipality's records in the public answer at hand (get_own_content for a session that sees no hidden ones). */
    async publicRecordsOf(kind: ContentKind, gkz: string): Promise<ContentRecord[]> {
      const { districts } = await publicAnswer(kind);
      const district = districts.find(([other]) => other === districtOf(gkz))?.[1].records ?? [];
      return district.filter((record) => record.gkz === gkz);
    },

    /**
     * What changed in the public answer since the one whose ETag is `since`, with the ETag of now;
     * null when that cannot be told (unknown, malformed, another kind or scope, older than the log):
     * then the full answer is due. Kept for a second, as the public answers are.
     */
    async delta(kind: ContentKind, since: string): Promise<ContentAnswer | null> {
      const version = versionOfPublicEtag(kind, since);
      if (version === null) return null;
      // From the steps this process held, when they reach back to `since`: no database work.
      const held = await publicAnswer(kind);
      const stepsKey = `${kind}:${version}:${held.version}`;
      let answer = folded.get(stepsKey);
      const delta = answer ? null : steps[kind].between(version, held.version);
      if (delta) {
        answer = { etag: publicEtag(kind, held.version), body: textBody(deltaText(kind, delta)) };
        folded.set(stepsKey, answer);
      }
      if (answer) return answer;
      return deltaFromLog(kind, version);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

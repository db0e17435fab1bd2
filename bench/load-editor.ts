import { gunzipSync } from 'node:zlib';
import type { NewMarket } from '../src/server/db/queries/markets.ts';
import type { ClerkRequest } from './clerk-connection.ts';

/** A record as its last acknowledged save left it: what was sent, and the version answered. */
export interface EditorRecord {
  id: string;
  version: number;
  fields: Record<string, string | null>;
}

export interface Save {
  path: string;
  record: 'market' | 'date';
  id: string | null;
  fields: Record<string, string | null>;
  /** The save's number, the one its stamp ("Speicherung N") shows on the public page. */
  number: number;
}

/** An acknowledged save of the market: its number and when its 200 arrived (ms since 1970, Date.now()). */
export interface MarketSave {
  number: number;
  at: number;
}

interface SaveAnswer {
  data?: {
    wko_markets?: Record<string, Record<string, { id: string; version: number }>>;
    wko_market_dates?: Record<string, { id: string; version: number }>;
  };
}

/** What the editing screens read of the content (issue 50): their municipality alone, hidden records too. */
const OWN_CONTENT = '/api/get_own_content';

/** Every this many reads is checked after the load (its gzip kept meanwhile): parsing while the load runs would be timed as the portal's. */
const CHECK_EVERY_READS = 8;

/** Dates each editor keeps; after that, they change the ones they have. */
const DATES_PER_EDITOR = 10;

/** What makes an editor: it can be sent to another thread and made there again. */
export interface EditorSeed {
  index: number;
  cookie: string;
  market: NewMarket;
}

/** What an editor knows when the load has stopped: what the database must now hold. */
export type EditorOutcome = Pick<Editor, 'market' | 'dates' | 'refusals' | 'acknowledged' | 'pending' | 'marketSaves'>;

/**
 * One clerk of the load test, on one connection: one save at a time, each sent at the version of
 * the last answer, so every save must succeed and the last acknowledged one is what the database
 * must hold. Every third save changes the market; the others add a date or change one. Every
 * tenth request reads the clerk's own content back (gzip, as a browser asks), as the editing page
 * does; every eighth such read is checked once the load is over: it must show every save
 * acknowledged before it was answered.
 */
export class Editor {
  market: EditorRecord;
  readonly dates: EditorRecord[] = [];
  readonly refusals: string[] = [];
  acknowledged = 0;
  /** Every acknowledged save of the market, for the time until its page shows it (save-to-public.ts). */
  readonly marketSaves: MarketSave[] = [];
  private sent = 0;
  /** The save sent and not yet answered: when the load stops, it may or may not have been stored. */
  pending: Save | null = null;
  private reading: string | null = null;
  private reads = 0;
  private checking = false;
  /** Reads to check once the load is over, with the versions acknowledged when each was answered. */
  private readonly toCheck: { path: string; status: number; body: Buffer; expected: Map<string, number> }[] = [];
  /** Who the clerk is (its index, session cookie and market): all it needs to be made again on another thread. */
  readonly seed: EditorSeed;

  constructor(seed: EditorSeed) {
    this.seed = seed;
    const { id, title, type, schedule, location } = seed.market;
    this.market = { id, version: 1, fields: { title, type, schedule, location, description: '' } };
  }

  outcome(): EditorOutcome {
    const { market, dates, refusals, acknowledged, pending, marketSaves } = this;
    return { market, dates, refusals, acknowledged, pending, marketSaves };
  }

  /** The next request; an own content read not checked later is only counted, not kept. */
  nextRequest(): ClerkRequest {
    if (this.pending || this.reading)
      this.refusals.push(`editor ${this.seed.index + 1}: no answer to a request (connection error or timeout)`);
    const n = this.sent++;
    if (n % 10 === 9) {
      // Now and then the clerk opens the editing page again: their own content, hidden records too.
      this.reading = OWN_CONTENT;
      this.checking = this.reads++ % CHECK_EVERY_READS === 0;
      return {
        method: 'GET',
        path: this.reading,
        headers: { cookie: this.seed.cookie, 'accept-encoding': 'gzip' },
        keepAnswer: this.checking,
      };
    }
    const save = this.plan(n);
    this.pending = save;
    const known = save.id ? this.find(save) : null;
    const body = { ...save.fields, ...(known ? { id: known.id, version: known.version } : {}) };
    return {
      method: 'POST',
      path: save.path,
      headers: { 'content-type': 'application/json', cookie: this.seed.cookie },
      body: JSON.stringify(body),
      keepAnswer: true,
    };
  }

  answered(status: number, body: Buffer): void {
    if (this.reading) return this.read(status, body);
    const save = this.pending;
    this.pending = null;
    if (!save) return;
    if (status !== 200) {
      const text = body.toString().slice(0, 200);
      this.refusals.push(`editor ${this.seed.index + 1}: ${save.path} answered ${status}: ${text}`);
      return;
    }
    const data = (JSON.parse(body.toString()) as SaveAnswer).data;
    const answered =
      save.record === 'market'
        ? data?.wko_markets?.['2']?.[this.market.id]
        : Object.values(data?.wko_market_dates ?? {}).find((date) => !save.id || date.id === save.id);
    if (!answered) {
      this.refusals.push(`editor ${this.seed.index + 1}: ${save.path} answered without the saved record`);
      return;
    }
    const record = { id: answered.id, version: answered.version, fields: save.fields };
    if (save.record === 'market') {
      this.market = record;
      this.marketSaves.push({ number: save.number, at: Date.now() });
    } else if (save.id) this.dates[this.dates.findIndex((date) => date.id === save.id)] = record;
    else this.dates.push(record);
    this.acknowledged += 1;
  }

  /** What the clerk reads back must hold every save acknowledged before it was answered, at its version. */
  private read(status: number, body: Buffer): void {
    const path = this.reading!;
    this.reading = null;
    if (!this.checking) {
      if (status !== 200) this.refusals.push(`editor ${this.seed.index + 1}: ${path} answered ${status}`);
      return;
    }
    const expected = new Map([this.market, ...this.dates].map((record) => [record.id, record.version]));
    this.toCheck.push({ path, status, body, expected });
  }

  /** Checks the kept reads (after the load). */
  checkReads(): void {
    for (const { path, status, body, expected } of this.toCheck) {
      const text = (body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString();
      const data = status === 200 ? (JSON.parse(text) as SaveAnswer).data : undefined;
      const seen = data && { ...data.wko_market_dates, ...data.wko_markets?.['2'] };
      const stale = [...expected].filter(([id, version]) => seen?.[id]?.version !== version);
      if (!seen || stale.length > 0)
        this.refusals.push(
          `editor ${this.seed.index + 1}: ${path} answered ${status} without ${stale.length} saved records`,
        );
    }
    this.toCheck.length = 0;
  }

  private plan(n: number): Save {
    const stamp = `Redakteur ${this.seed.index + 1}, Speicherung ${n + 1}`;
    if (n % 3 === 0) {
      const fields = { ...this.market.fields, description: `Geändert: ${stamp}` };
      return { path: '/api/save_market', record: 'market', id: this.market.id, fields, number: n + 1 };
    }
    const fields = {
      wko_market_id: this.market.id,
      date_start: '',
      date_end: '',
      time_from: '08:00',
      time_to: n % 2 === 0 ? '12:00' : '13:00',
      note: stamp,
    };
    if (this.dates.length < DATES_PER_EDITOR) {
      const day = `2027-02-${String(this.dates.length + 1).padStart(2, '0')}`;
      return {
        path: '/api/save_market_date',
        record: 'date',
        id: null,
        fields: { ...fields, date_start: day, date_end: day },
        number: n + 1,
      };
    }
    const date = this.dates[n % DATES_PER_EDITOR]!;
    const { date_start = null, date_end = null } = date.fields;
    const changed = { ...fields, date_start, date_end };
    return { path: '/api/save_market_date', record: 'date', id: date.id, fields: changed, number: n + 1 };
  }

  private find(save: Save): EditorRecord | undefined {
    return save.record === 'market' ? this.market : this.dates.find((date) => date.id === save.id);
  }
}

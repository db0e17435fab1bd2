import { setTimeout as sleep } from 'node:timers/promises';
import type { EditorOutcome } from './load-editor.ts';

/**
 * Issue 50, acceptance 1: how long after a save's 200 a visitor sees it on the market's public
 * page, during the load. A few editors' market pages (German, as a visitor fetches them) are
 * fetched in turn, one every POLL_MS, and each sighting notes the newest save of that market the
 * page shows: every market save writes its number into the description ("Geändert: …
 * Speicherung N", load-editor.ts), and a page showing a later save of the market has this one too
 * (the editor saves one thing at a time). Dates' notes are not counted: the directory reads them
 * apart from the markets. A save's time is from its 200 to the answer of the first fetch showing
 * it: late by up to one round of the pages (about a second; more while they answer slowly), never
 * early.
 */
const WATCHED = 3;
/** One page every 250 ms: at most four requests a second beside the load's thousands. */
const POLL_MS = 250;

export interface Sighting {
  /** Which watched editor's page (its index among the editors). */
  editor: number;
  /** When its answer arrived (ms since 1970, Date.now(), as MarketSave.at). */
  at: number;
  /** The newest save number the page shows (0: none). */
  shown: number;
}

/** The editors whose pages are watched: spread over all of them (their municipalities are too). */
export function watchedEditors(count: number): number[] {
  return Array.from({ length: Math.min(WATCHED, count) }, (_, i) => Math.floor((i * count) / WATCHED));
}

/**
 * Fetches the watched editors' market pages in turn for `seconds`; `markets[i]` is editor i's
 * market id, its page's path is asked of the publish status (docs/api.md).
 */
export async function watchMarketPages(url: string, markets: readonly string[], seconds: number) {
  const until = performance.now() + seconds * 1000;
  const pages = await Promise.all(
    watchedEditors(markets.length).map(async (editor) => {
      const status = (await (await fetch(`${url}/api/publish_status?market=${markets[editor]}`)).json()) as {
        data: { path: string | null };
      };
      if (!status.data.path) throw new Error(`The market of editor ${editor + 1} has no public page.`);
      return {
        editor,
        path: status.data.path,
        stamp: new RegExp(`Geändert: Redakteur ${editor + 1}, Speicherung (\\d+)`, 'g'),
      };
    }),
  );
  const sightings: Sighting[] = [];
  const from = Date.now();
  let failures = 0;
  for (let turn = 0; performance.now() < until; turn += 1) {
    const { editor, path, stamp } = pages[turn % pages.length]!;
    const answer = await fetch(url + path, { headers: { 'accept-language': 'de-AT,de;q=0.9' } }).catch(() => null);
    const html = answer?.ok ? await answer.text() : null;
    if (html === null) {
      failures += 1;
      await answer?.body?.cancel();
    } else
      sightings.push({
        editor,
        at: Date.now(),
        shown: Math.max(0, ...[...html.matchAll(stamp)].map((m) => Number(m[1]))),
      });
    await sleep(POLL_MS);
  }
  return { sightings, failures, from, until: Date.now() };
}

/** What the watch saw: its sightings, the pages that failed to answer 200, and its start and end (Date.now()). */
export type Watch = Awaited<ReturnType<typeof watchMarketPages>>;

/** Saves answered in the watch's last seconds are left out: not public yet, they say nothing but "later". */
const CENSOR_S = 20;

export interface PublicFigures {
  /** How many editors' pages were watched. */
  editors: number;
  /** Saves measured, and of them not public when the watch ended (each took over `censorSeconds`). */
  count: number;
  unseen: number;
  /** Fetches of the watched pages not answered 200. */
  failures: number;
  censorSeconds: number;
  /** Seconds; Infinity where the share falls over `censorSeconds` while some saves were not seen. */
  p50: number;
  p95: number;
  max: number;
}

/**
 * The time from each watched market save's 200 to the first sighting showing it, over the saves
 * answered from the watch's start until CENSOR_S (at most half the watch) before its end.
 */
export function timesToPublic(
  { sightings, failures, from, until }: Watch,
  outcomes: readonly EditorOutcome[],
): PublicFigures {
  const censorSeconds = Math.min(CENSOR_S, (until - from) / 2000);
  const seconds = watchedEditors(outcomes.length).flatMap((editor) => {
    const seen = sightings.filter((sighting) => sighting.editor === editor);
    return outcomes[editor]!.marketSaves.filter(
      (save) => save.at >= from && save.at <= until - censorSeconds * 1000,
    ).map((save) => {
      const sighting = seen.find((s) => s.shown >= save.number);
      return sighting ? Math.max(0, sighting.at - save.at) / 1000 : Infinity;
    });
  });
  const sorted = Float64Array.from(seconds).sort();
  const unseen = seconds.filter((s) => s === Infinity).length;
  // A save not seen took over `censorSeconds`, how much over is unknown: so is where it ranks among those over.
  const at = (share: number) => {
    const value = sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? NaN;
    return unseen > 0 && value >= censorSeconds ? Infinity : value;
  };
  return {
    editors: watchedEditors(outcomes.length).length,
    count: sorted.length,
    unseen,
    failures,
    censorSeconds,
    p50: at(0.5),
    p95: at(0.95),
    max: at(1),
  };
}

/** A figure of these in seconds, as printed: "over 20" where it falls on saves not seen public. */
export function secondsShown(figures: PublicFigures, value: number): string {
  return value === Infinity ? `over ${figures.censorSeconds.toFixed(0)}` : value.toFixed(1);
}

/** The figures as `npm run load` prints them. */
export function describeTimesToPublic(figures: PublicFigures): string {
  const shown = (value: number) => secondsShown(figures, value);
  return (
    `A save on its public page (from its 200 until a fetch of the German page shows it), ${figures.count} saves ` +
    `of ${figures.editors} editors' markets: p50 ${shown(figures.p50)} s, p95 ${shown(figures.p95)} s, ` +
    `max ${shown(figures.max)} s; not public within ${figures.censorSeconds.toFixed(0)} s: ${figures.unseen}; ` +
    `fetches of those pages not answered 200: ${figures.failures}.`
  );
}

import { setImmediate as requestsFirst, setTimeout as sleep } from 'node:timers/promises';
import { isCurrent, updateSearchIndex, type SearchIndex, type SearchParts } from './search-parts.ts';

/** How often a search index waiting for a lull looks again. */
const LULL_CHECK_MS = 1000;

/**
 * Issue 18: the search index follows the pages, one index at a time, always of the newest pages'
 * parts, and never holds up the next publish (decision record 0024, once 0028). Pagefind works at the lowest
 * priority (decision record 0024, once 0027), and while the portal is busy it waits for a lull (`lull`, given
 * when the index fell behind the pages).
 */
export function searchFollower(on: {
  /** Where the parts' folders are written (search-index-store.ts). */
  dir: string;
  index: () => SearchIndex;
  made: (index: SearchIndex) => void;
  failed: (error: unknown) => void;
  done: () => void;
  lull: (behindSince: number) => Promise<void>;
  /** How long the first parts wait before they are worked out, asked then: a start serves its first requests first. */
  firstAfterMs?: () => number;
}) {
  let first = true;
  /** The newest parts asked for, worked out when they are taken. */
  let wanted: (() => SearchParts) | undefined;
  /** When the parts wanted first differed from the index (performance.now()). */
  let behindSince = 0;
  let making: Promise<void> | undefined;
  const take = () => {
    const parts = wanted!();
    wanted = undefined;
    return parts;
  };
  const make = async () => {
    const firstWait = first ? (on.firstAfterMs?.() ?? 0) : 0;
    first = false;
    if (firstWait > 0) await sleep(firstWait, undefined, { ref: false });
    while (wanted) {
      // Worked out beside the requests, not in the publish's block: 0.7 s at Austria scale, the
      // last step before a start serves its pages (issue 50).
      await requestsFirst();
      let parts = take();
      if (isCurrent(parts, on.index())) continue;
      const since = behindSince;
      await on.lull(since);
      if (wanted !== undefined) parts = take(); // the newest, also those handed on while it waited
      // Before each part too: an index begun in a lull waits when the load comes back.
      on.made(await updateSearchIndex(parts, on.dir, on.index(), () => on.lull(since)));
    }
  };
  return {
    /** Makes the index of `parts` once the one being made is done, unless newer parts come first. */
    follow(parts: () => SearchParts): void {
      if (!wanted) behindSince = performance.now();
      wanted = parts;
      making ??= make()
        .catch((error: unknown) => {
          wanted = undefined; // the next publish, at the next check, asks again
          on.failed(error);
        })
        .finally(() => {
          making = undefined;
          on.done();
        });
    },
    busy: () => making !== undefined,
  };
}

/**
 * Resolves once the portal is not busy, or once the index has waited `waitsMs` since it fell behind
 * (`behindSince`); rejects once the publisher stopped, so an index is not made beside what comes next.
 */
export async function lull(
  behindSince: number,
  waitsMs: number,
  busy: () => boolean,
  stopped: () => boolean,
): Promise<void> {
  for (;;) {
    if (stopped()) throw new Error('The publisher stopped.');
    const left = behindSince + waitsMs - performance.now();
    if (left <= 0 || !busy()) return;
    await sleep(Math.min(LULL_CHECK_MS, left), undefined, { ref: false });
  }
}

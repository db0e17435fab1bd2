import { setTimeout } from 'node:timers/promises';

/**
 * How current the public directory stays under the load (issue 17: a saved change is on the web
 * within a minute): asks the portal's publish status (docs/api.md) every half second for `seconds`,
 * and answers how many new versions went out and the longest time without one. Under a stream of
 * saves a change is always waiting, so a change saved just after a publish waits about that long.
 */
export async function watchPublishing(
  url: string,
  seconds: number,
): Promise<{ publishes: number; longestGapMs: number }> {
  const start = performance.now();
  let publishes = 0;
  let shown: string | undefined;
  let lastAt = start;
  let longestGapMs = 0;
  while (performance.now() - start < seconds * 1000) {
    const answer = (await (await fetch(`${url}/api/publish_status`)).json()) as {
      data: { published_version: string };
    };
    const at = performance.now();
    const version = answer.data.published_version;
    if (shown !== undefined && version !== shown) {
      publishes += 1;
      longestGapMs = Math.max(longestGapMs, at - lastAt);
      lastAt = at;
    }
    shown = version;
    await setTimeout(500);
  }
  return { publishes, longestGapMs: Math.max(longestGapMs, performance.now() - lastAt) };
}

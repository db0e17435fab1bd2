import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { CLERK } from './clerk.ts';

/** Issue 50, acceptance 2: what a clerk's "Meine Märkte" may take at Austria scale. */
const BUDGET = { kilobytes: 400, seconds: 3 };
/** An office line (16 Mbit/s, 40 ms) and an office computer (a quarter of this machine's CPU). */
const LINE = { latencyMs: 40, bytesPerSecond: 16_000_000 / 8 };
const CPU_SLOWDOWN = 4;
/** Fresh browsers timed; the median is held to the budget, as one run on a shared machine is noise. */
const RUNS = 3;
/** The list's first market: the screen shows what the clerk came for. */
const LIST_ITEM = '.own-markets li';
const LIST_SHOWN = 'clerk-bench: list shown';

interface Run {
  seconds: number;
  kilobytes: number;
  markets: number;
  /** Each answer: when it was asked for and when it had arrived (ms from the page's request), its size. */
  requests: { path: string; startMs: number; endMs: number; kilobytes: number }[];
}

async function logIn(context: BrowserContext): Promise<void> {
  const answer = await context.request.post('/api/login', { form: { email: CLERK.email, password: CLERK.password } });
  expect(answer.status()).toBe(200);
}

/**
 * One fresh, logged-in browser opening the screen on the throttled line and CPU. The page itself
 * notes when the list's first market is in the document (its own clock, from the navigation's
 * start) and says so on the console: a Playwright locator would run its injected script in the
 * throttled page while it loads, which the clerk's browser does not (some 0.2-0.3 s here).
 */
async function openScreen(browser: Browser): Promise<Run> {
  const context = await browser.newContext();
  await logIn(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const sent = new Map<string, { url: string; start: number }>();
  const done: { url: string; start: number; end: number; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (event) =>
    sent.set(event.requestId, { url: event.request.url, start: event.timestamp }),
  );
  cdp.on('Network.loadingFinished', (event) => {
    const request = sent.get(event.requestId);
    if (request) done.push({ ...request, end: event.timestamp, bytes: event.encodedDataLength });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LINE.latencyMs,
    downloadThroughput: LINE.bytesPerSecond,
    uploadThroughput: LINE.bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(
    ({ selector, message }) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        console.log(message, performance.now());
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { selector: LIST_ITEM, message: LIST_SHOWN },
  );
  const shown = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(LIST_SHOWN) });

  await page.goto('/maerkte', { waitUntil: 'commit' });
  const shownAtMs = Number((await shown).text().slice(LIST_SHOWN.length));
  // Everything the screen asks for as it opens (the campaign, the publish status…) counts too: the
  // list is in the server's HTML, so the page's scripts may still be at work when it shows.
  await page.locator('html[data-screen="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const markets = await page.locator(LIST_ITEM).count();
  await context.close();

  const first = Math.min(...done.map((request) => request.start));
  return {
    seconds: shownAtMs / 1000,
    kilobytes: done.reduce((sum, request) => sum + request.bytes, 0) / 1024,
    markets,
    requests: done
      .sort((a, b) => a.start - b.start)
      .map(({ url, start, end, bytes }) => ({
        path: `${new URL(url).pathname}${new URL(url).search}`,
        startMs: (start - first) * 1000,
        endMs: (end - first) * 1000,
        kilobytes: bytes / 1024,
      })),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

test('a clerk of Graz sees "Meine Märkte" at Austria scale within 400 KB and 3 s on an office line', async ({
  browser,
}) => {
  // Once unthrottled first, as on a portal in use: the server's answers are made, not timed here.
  const warm = await browser.newContext();
  await logIn(warm);
  const warmPage = await warm.newPage();
  await warmPage.goto('/maerkte');
  await expect(warmPage.locator(LIST_ITEM).first()).toBeVisible({ timeout: 60_000 });
  await warm.close();

  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await openScreen(browser));

  const seconds = median(runs.map((run) => run.seconds));
  const kilobytes = Math.max(...runs.map((run) => run.kilobytes));
  console.log(
    [
      `"Meine Märkte" of Graz (${runs[0]?.markets} markets shown) at Austria scale, CPU ${CPU_SLOWDOWN}× slower, ` +
        `${LINE.bytesPerSecond / 125_000} Mbit/s and ${LINE.latencyMs} ms, ${RUNS} fresh browsers:`,
      `  over the wire ${runs.map((run) => run.kilobytes.toFixed(1)).join(', ')} KB (budget < ${BUDGET.kilobytes} KB)`,
      `  list shown after ${runs.map((run) => run.seconds.toFixed(2)).join(', ')} s, median ${seconds.toFixed(2)} s ` +
        `(budget < ${BUDGET.seconds} s)`,
      'first run, each answer (asked for → arrived, ms from the page request):',
      ...(runs[0]?.requests ?? []).map(
        (request) =>
          `  ${request.startMs.toFixed(0).padStart(5)} → ${request.endMs.toFixed(0).padStart(5)} ` +
          `${request.kilobytes.toFixed(1).padStart(5)} KB ${request.path}`,
      ),
    ].join('\n'),
  );
  expect(runs.every((run) => run.markets > 0)).toBe(true);
  expect(kilobytes, 'kilobytes over the wire (the largest run)').toBeLessThan(BUDGET.kilobytes);
  expect(seconds, 'seconds until the list shows (median)').toBeLessThan(BUDGET.seconds);
});

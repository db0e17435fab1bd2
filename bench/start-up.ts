import { setTimeout as sleep } from 'node:timers/promises';
import { startPortal } from '../scripts/portal-process.ts';
import { freePort } from '../scripts/free-port.ts';
import { watchProcessMemory } from './process-memory.ts';

/** How often each address is asked while the portal starts. */
const POLL_MS = 50;
/** The longest a start is waited for, and then its first publication. */
const GIVE_UP_MS = 180_000;

export interface StartFigures {
  /** Seconds from starting the process until /api/health answered 200, and until /verzeichnis did. */
  health: number;
  directory: number;
  /** The portal's peak resident memory (MB, with the processes it started) until then, or after its first publish. */
  memory: number | undefined;
}

/**
 * Issue 50, acceptance 3: the seconds from starting the portal's process (`npm run serve`, on
 * `dataDir` with the embedded database) until /api/health answers 200 and until the directory
 * (/verzeichnis) does, each asked every 50 ms from the start on. Twice: the first start on the
 * data, then, once that one has published everything, a restart (the portal's usual start: a
 * deploy, a reboot), which may serve what it published before.
 */
export async function measureStarts(dataDir: string): Promise<{ first: StartFigures; restart: StartFigures }> {
  const first = await timedStart(dataDir, true);
  const restart = await timedStart(dataDir, false);
  return { first, restart };
}

async function timedStart(dataDir: string, settle: boolean): Promise<StartFigures> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const portal = startPortal(dataDir, { SEED_DEMO: '0', PORT: String(port) });
  const memory = watchProcessMemory(portal.pid);
  const exited = portal.url.then(() => new Promise<never>(() => {})); // rejects when the process ends early
  try {
    const secondsUntil200 = async (path: string) => {
      while (performance.now() - started < GIVE_UP_MS) {
        const answer = await fetch(url + path).catch(() => null);
        await answer?.arrayBuffer();
        if (answer?.status === 200) return (performance.now() - started) / 1000;
        await sleep(POLL_MS);
      }
      throw new Error(`${path} did not answer 200 within ${GIVE_UP_MS / 1000} s of the start.`);
    };
    const [health, directory] = await Promise.race([
      Promise.all([secondsUntil200('/api/health'), secondsUntil200('/verzeichnis')]),
      exited,
    ]);
    if (settle) await published(url);
    return { health, directory, memory: (await memory.stop())?.peak };
  } finally {
    await memory.stop();
    await portal.stop();
  }
}

/** Until the portal has published every change it knows of (docs/api.md, publish status). */
async function published(url: string): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < GIVE_UP_MS) {
    const answer = (await (await fetch(`${url}/api/publish_status`)).json()) as { data: { pending: boolean } };
    if (!answer.data.pending) return;
    await sleep(500);
  }
  throw new Error(`The portal had not published everything ${GIVE_UP_MS / 1000} s after its start.`);
}

import { parentPort, workerData } from 'node:worker_threads';
import { Editor, type EditorSeed } from './load-editor.ts';
import { runClerks } from './run-clerks.ts';

/**
 * The load test's clerks (bench/load.ts) on a thread of their own, so that their work as clients
 * is not timed in the readers' answers (autocannon times them on its thread). They save for a few
 * seconds first, untimed, as the readers' caches are warmed first; then, when told, for the load.
 */
const WARM_SECONDS = 3;
const { url, seconds, seeds } = workerData as { url: string; seconds: number; seeds: EditorSeed[] };
const editors = seeds.map((seed) => new Editor(seed));
await runClerks([url], editors, WARM_SECONDS);
const go = new Promise((resolve) => parentPort?.once('message', resolve));
parentPort?.postMessage('warm');
await go;
const figures = await runClerks([url], editors, seconds);
parentPort?.postMessage({ figures, outcomes: editors.map((editor) => editor.outcome()) });

import { parentPort, workerData } from 'node:worker_threads';
import autocannon, { type Result } from 'autocannon';
import { Editor, type EditorSeed } from './load-editor.ts';

/**
 * The load test's clerks, on a thread of their own (bench/load.ts): reading back and checking a
 * clerk's whole content (17 MB parsed) keeps a thread busy for a while, and on the readers'
 * thread that time was counted in every reader's answer under way.
 */
// In autocannon's API (README, "autocannon.aggregateResult"), not in its type definitions.
const { aggregateResult } = autocannon as unknown as {
  aggregateResult: (results: Result[], options: { url: string; connections: number }) => Result;
};
const { url, seconds, seeds } = workerData as { url: string; seconds: number; seeds: EditorSeed[] };
const editors = seeds.map(({ index, cookie, market }) => new Editor(index, cookie, market));
const results = await Promise.all(
  editors.map((editor) =>
    autocannon({
      url,
      connections: 1,
      duration: seconds,
      skipAggregateResult: true,
      requests: [
        {
          setupRequest: (request) => ({ ...request, ...editor.nextRequest() }),
          onResponse: (status, body) => editor.answered(status, body),
        },
      ],
    }),
  ),
);
const saves = aggregateResult(results, { url, connections: editors.length });
// Only plain data crosses to the other thread.
parentPort?.postMessage({
  saves: JSON.parse(JSON.stringify(saves)) as Result,
  outcomes: editors.map((editor) => editor.outcome()),
});

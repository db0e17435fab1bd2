import { ClerkConnection, ClerkTimeout } from './clerk-connection.ts';
import type { Editor } from './load-editor.ts';
import { figuresOfLatencies, type EditorFigures } from './load-figures.ts';

/** A request's whole time, connecting and its whole answer included, as autocannon's `timeout`. */
const TIMEOUT_MS = 10_000;

/**
 * Each clerk one request at a time on its own kept-alive connection, for `seconds`; clerk `i`
 * to `urls[i % urls.length]`. Timed from sending to the answer's last byte. What they read back
 * is checked afterwards (Editor.checkReads), so no parsing is timed as the portal's.
 */
export async function runClerks(
  urls: readonly string[],
  editors: readonly Editor[],
  seconds: number,
): Promise<EditorFigures> {
  const latencies: number[] = [];
  const saves: number[] = [];
  const ownReads: number[] = [];
  const counts = { bytes: 0, errors: 0, timeouts: 0, notModified: 0, refused: 0 };
  const until = performance.now() + seconds * 1000;

  const clerk = async (editor: Editor, url: string) => {
    const connection = new ClerkConnection(new URL(url), TIMEOUT_MS);
    try {
      while (performance.now() < until) {
        const next = editor.nextRequest();
        const started = performance.now();
        const answer = await connection.send(next).catch((error: Error) => error);
        if (answer instanceof Error) {
          if (answer instanceof ClerkTimeout) counts.timeouts += 1;
          else counts.errors += 1;
          editor.answered(0, Buffer.from(answer.message));
          continue;
        }
        const latency = performance.now() - started;
        latencies.push(latency);
        (next.method === 'GET' ? ownReads : saves).push(latency);
        counts.bytes += answer.bytes;
        if (answer.status >= 400) counts.refused += 1;
        editor.answered(answer.status, answer.body);
      }
    } finally {
      connection.close();
    }
  };

  await Promise.all(editors.map((editor, index) => clerk(editor, urls[index % urls.length]!)));
  for (const editor of editors) editor.checkReads();
  return {
    ...figuresOfLatencies(latencies),
    ...counts,
    saves: figuresOfLatencies(saves),
    ownReads: figuresOfLatencies(ownReads),
  };
}

import { createRequire } from 'node:module';

/**
 * autocannon decodes every chunk of every answer into a string (`req.body += chunk`, autocannon
 * issues #362 and #485), whether anything reads it or not. In issue 18's load that took two thirds
 * of the load generator's thread, turning 45 MB of gzip a second into text: CPU taken from the two
 * cores it shares with the portal, and a delay counted in every answer waiting meanwhile (decision
 * record 0024, "The load test's own design"). The load's readers look at status and headers only,
 * and autocannon counts the bytes apart: the chunks are dropped. Not for autocannon's `workers`,
 * which load it afresh.
 */
export function dropAnswerBodies(): void {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody?: (chunk: Buffer) => void };
  };
  // An autocannon that no longer collects bodies this way must be read again, not silently patched.
  if (typeof queue.prototype.addBody !== 'function')
    throw new Error('autocannon changed how it collects answers: see bench/answer-bodies.ts.');
  queue.prototype.addBody = () => {};
}

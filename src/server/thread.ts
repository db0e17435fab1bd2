import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a module on a thread of its own: the embedded database (db/pglite-thread.ts) and the
 * search index (directory/search-index.ts).
 *
 * Node 24 up to 24.21 at least (V8 13.6) can free a wasm-to-JS import wrapper twice when V8's
 * collection of WebAssembly code meets a wrapper's tier-up, and a thread that ran WebAssembly and
 * ended leaves such wrappers behind: the process aborts with `Check failed:
 * jit_page_->allocations_.erase(addr) == 1` (nodejs/node#66366, fixed in V8 9b8ca54d5a, not yet
 * in a Node 24). Every thread here runs WebAssembly (Node strips the types of its .ts files with
 * it; PGlite is WebAssembly), and a test run opens and closes hundreds of databases: the abort
 * stopped a test's process in CI and in a fresh-clone check. Without that collection, code no
 * module uses any more stays until the process ends; PGlite's own code still goes with its
 * thread. Twelve databases opened and closed in one process ended at 611–709 MB without it and
 * 652–747 MB with it. The flag is the whole process's, cannot be given in NODE_OPTIONS, and V8
 * reads it at each collection, so it is set here, before any thread starts. Drop it with a Node
 * 24 that has the fix.
 */
export function startThread(module: URL, options?: WorkerOptions): Worker {
  setFlagsFromString('--no-wasm-code-gc');
  return new Worker(module, options);
}

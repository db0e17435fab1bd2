import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a module on a thread of its own: the database (db/database-thread.ts), the photos
 * (photos/photo-pool.ts), the load test's clerks. It first turns off V8's collection of
 * WebAssembly code: on Node 24 up to 24.21 that can free a wrapper twice once a thread that ran
 * WebAssembly has ended, and the process aborts (nodejs/node#66366; decision record 0024, "No
 * collection of WebAssembly code"). The flag is the process's, Node refuses it in NODE_OPTIONS, and
 * V8 reads it at each collection. Drop it with a Node 24 that has V8's fix.
 */
export function startThread(module: URL, options?: WorkerOptions): Worker {
  setFlagsFromString('--no-wasm-code-gc');
  return new Worker(module, options);
}

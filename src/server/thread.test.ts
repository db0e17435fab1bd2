import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** A module that calls a function of JavaScript (wasm-to-JS import wrapper), built by hand. */
const WASM = [
  [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  [0x01, 0x04, 0x01, 0x60, 0x00, 0x00], // type: () => ()
  [0x02, 0x07, 0x01, 0x01, 0x6d, 0x01, 0x66, 0x00, 0x00], // import m.f
  [0x03, 0x02, 0x01, 0x00],
  [0x07, 0x07, 0x01, 0x03, 0x72, 0x75, 0x6e, 0x00, 0x01], // export run
  [0x0a, 0x06, 0x01, 0x04, 0x00, 0x10, 0x00, 0x0b], // run: call m.f
].flat();

/** Runs the module often enough for V8 to tier its wrapper up, on whichever thread loads it. */
const RUN_WASM = `{
  const { instance } = await WebAssembly.instantiate(new Uint8Array(${JSON.stringify(WASM)}), { m: { f() {} } });
  for (let i = 0; i < 5000; i += 1) instance.exports.run();
}`;

/** What V8 says of its collection of WebAssembly code once a thread ran some and ended. */
function collectionAfterThread(start: 'startThread' | 'new Worker'): string {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { startThread } from './src/server/thread.ts';
    console.log('thread starts');
    const thread = ${start}(new URL('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RUN_WASM)})));
    await new Promise((resolve) => thread.on('exit', resolve));
    ${RUN_WASM}
    console.log('done');
  `;
  const run = spawnSync(
    process.execPath,
    ['--stress-wasm-code-gc', '--trace-wasm-code-gc', '--input-type=module', '--eval', script],
    { encoding: 'utf8', timeout: 20_000 },
  );
  expect(run.stderr).toBe('');
  expect(run.stdout).toContain('done\n');
  return run.stdout.slice(run.stdout.indexOf('thread starts'));
}

describe('a thread of its own', () => {
  // nodejs/node#66366: V8's collection of WebAssembly code can abort a Node 24 process once a
  // thread that ran WebAssembly has ended. Under --stress-wasm-code-gc V8 collects whenever any
  // code may be dead, and says so under --trace-wasm-code-gc.
  it('leaves the process without collection of WebAssembly code, which can abort Node 24', () => {
    expect(collectionAfterThread('new Worker')).toContain('[wasm-gc] Freeing');
    expect(collectionAfterThread('startThread')).not.toContain('[wasm-gc]');
  });
});

import { setImmediate } from 'node:timers/promises';

/**
 * A long piece of work on the server's one thread (a publish's pages and search records at Austria
 * scale), written as a generator that yields between its items. Run `inSlices`, the requests read
 * meanwhile go first after every `sliceMs` of its work, as on the embedded database's queue
 * (db/pglite.ts); run `atOnce`, it is a plain call (the build, tests).
 */
export type Slices<T> = Generator<void, T, void>;

export function atOnce<T>(work: Slices<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Slices of at most about `sliceMs` each, counted across every piece of work run through it. */
export function inSlices(sliceMs = 10) {
  let sliceStart = performance.now();
  let pausedMs = 0;
  const due = () => performance.now() - sliceStart >= sliceMs;
  /** Lets the waiting requests go first when this slice is used up. */
  const pause = async () => {
    if (!due()) return;
    const pausedAt = performance.now();
    await setImmediate();
    sliceStart = performance.now();
    pausedMs += sliceStart - pausedAt;
  };
  return {
    pause,
    /** How long the work has let the requests go first, so far. */
    pausedMs: () => pausedMs,
    async run<T>(work: Slices<T>): Promise<T> {
      for (;;) {
        const step = work.next();
        if (step.done) return step.value;
        if (due()) await pause();
      }
    },
  };
}

import { describe, expect, it } from 'vitest';
import { atOnce, inSlices, type Slices } from './work-in-slices.ts';

/** `items` pieces of work of `ms` each that hold the thread, as a publish's pages do; answers how many ran. */
function* holding(items: number, ms: number, done: { count: number }): Slices<number> {
  for (let item = 0; item < items; item++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    done.count += 1;
    yield;
  }
  return done.count;
}

describe('long work in slices', () => {
  it('lets a request waiting meanwhile go first after a slice, not after all of the work', async () => {
    const done = { count: 0 };
    let doneWhenRequestRan = -1;
    setImmediate(() => (doneWhenRequestRan = done.count)); // a request waiting to be read
    const slices = inSlices(10);
    expect(await slices.run(holding(50, 1, done))).toBe(50);
    expect(doneWhenRequestRan).toBeGreaterThan(0);
    expect(doneWhenRequestRan).toBeLessThan(25); // after the first slice of about 10 ms, not after all 50 ms
    expect(slices.pausedMs()).toBeGreaterThan(0);
  });

  it('counts its slices across several pieces of work', async () => {
    const slices = inSlices(60);
    await slices.run(holding(20, 1, { count: 0 })); // within the first slice: no pause
    const second = { count: 0 };
    let doneWhenRequestRan = -1;
    setImmediate(() => (doneWhenRequestRan = second.count));
    await slices.run(holding(60, 1, second));
    expect(doneWhenRequestRan).toBeGreaterThan(0);
    expect(doneWhenRequestRan).toBeLessThan(60); // the first slice ended within the second piece of work
  });

  it('runs at once as a plain call, with the same answer', () => {
    let ran = false;
    setImmediate(() => (ran = true));
    expect(atOnce(holding(20, 1, { count: 0 }))).toBe(20);
    expect(ran).toBe(false);
  });
});

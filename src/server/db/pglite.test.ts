import { describe, expect, it } from 'vitest';
import { takingTurns } from './pglite.ts';

/** Work that holds the thread, as a query of the embedded database does. */
const busy = (ms: number) => () => {
  const until = performance.now() + ms;
  while (performance.now() < until);
  return Promise.resolve();
};

describe('the embedded database taking turns', () => {
  it('lets waiting events through between slices of a long queue of work', async () => {
    const inTurn = takingTurns(20);
    const finished: number[] = [];
    const queue = Array.from({ length: 50 }, (_, index) => inTurn(busy(2)).then(() => finished.push(index)));
    let doneWhenEventRan = -1;
    setImmediate(() => (doneWhenEventRan = finished.length)); // a request waiting to be read
    await Promise.all(queue);
    expect(doneWhenEventRan).toBeGreaterThan(0);
    expect(doneWhenEventRan).toBeLessThan(20); // after the first slice of about 20 ms, not after all 100 ms
  });

  it('runs work one after another, in order, and goes on after a failure', async () => {
    const inTurn = takingTurns();
    const order: string[] = [];
    const failing = inTurn(() => {
      order.push('a');
      return Promise.reject(new Error('refused'));
    });
    const next = inTurn(() => Promise.resolve(order.push('b')));
    await expect(failing).rejects.toThrow('refused');
    await next;
    expect(order).toEqual(['a', 'b']);
  });
});

import { describe, expect, it } from 'vitest';
import { takingTurns } from './pglite.ts';

/** Work that holds the thread, as a query of the embedded database does. */
const busy = (ms: number) => () => {
  const until = performance.now() + ms;
  while (performance.now() < until);
  return Promise.resolve();
};

describe('the embedded database taking turns', () => {
  it('lets waiting messages through between slices of a long queue of work', async () => {
    const { inTurn } = takingTurns(20);
    const finished: number[] = [];
    const queue = Array.from({ length: 50 }, (_, index) => inTurn(busy(2)).then(() => finished.push(index)));
    let doneWhenEventRan = -1;
    setImmediate(() => (doneWhenEventRan = finished.length)); // a message waiting to be read
    await Promise.all(queue);
    expect(doneWhenEventRan).toBeGreaterThan(0);
    expect(doneWhenEventRan).toBeLessThan(20); // after the first slice of about 20 ms, not after all 100 ms
  });

  it('runs work one after another, in order, and goes on after a failure', async () => {
    const { inTurn } = takingTurns();
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

  it('runs work given first before the work already waiting, and then the rest in order', async () => {
    const { inTurn, first } = takingTurns();
    const order: string[] = [];
    const note = (name: string) => () => Promise.resolve(void order.push(name));
    const saves = [inTurn(note('save 1')), inTurn(note('save 2')), inTurn(note('save 3'))];
    const read = first(note('read'));
    await Promise.all([...saves, read]);
    expect(order).toEqual(['read', 'save 1', 'save 2', 'save 3']);
  });

  it('runs work given first during a yield before the work it yielded from', async () => {
    const { inTurn, first } = takingTurns(0); // a yield before every piece of work
    const order: string[] = [];
    const note = (name: string) => () => Promise.resolve(void order.push(name));
    const saves = [inTurn(note('save 1')), inTurn(note('save 2'))];
    let read: Promise<void> | undefined;
    // A request read while the database yields.
    setImmediate(() => {
      read = first(note('read'));
    });
    await Promise.all(saves);
    await read;
    expect(order).toEqual(['read', 'save 1', 'save 2']);
  });

  it('lets a waiting save through after every four pieces of work given first', async () => {
    const { inTurn, first } = takingTurns();
    const order: string[] = [];
    const note = (name: string) => () => Promise.resolve(void order.push(name));
    const saves = [inTurn(note('save 1')), inTurn(note('save 2'))];
    const reads = Array.from({ length: 6 }, (_, i) => first(note(`read ${i + 1}`)));
    await Promise.all([...saves, ...reads]);
    expect(order).toEqual(['read 1', 'read 2', 'read 3', 'read 4', 'save 1', 'read 5', 'read 6', 'save 2']);
  });

  it('answers a failure of work that throws before it returns a promise', async () => {
    const { inTurn } = takingTurns();
    const throwing = inTurn((): Promise<void> => {
      throw new Error('refused at once');
    });
    await expect(throwing).rejects.toThrow('refused at once');
    await expect(inTurn(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

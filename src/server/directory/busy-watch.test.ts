import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { watchBusy } from './busy-watch.ts';

describe('watching how busy the server’s thread is', () => {
  it('tells a thread at work from one waiting, over the last few looks', async () => {
    const watch = watchBusy({ everyMs: 50, overMs: 250 });
    try {
      await sleep(300);
      expect(watch.busy()).toBe(false);
      // At work, as under a full load: longer than the looks before it, however late a busy machine runs them.
      const end = performance.now() + 1000;
      while (performance.now() < end);
      await sleep(10); // the look due meanwhile comes right after the work, and sees it
      expect(watch.busy()).toBe(true);
      await sleep(1000);
      expect(watch.busy()).toBe(false);
    } finally {
      watch.stop();
    }
  });

  it('does not count a short block of work as busy', async () => {
    const watch = watchBusy({ everyMs: 50, overMs: 500 });
    try {
      await sleep(550);
      const end = performance.now() + 100; // a publish's own work
      while (performance.now() < end);
      await sleep(10);
      expect(watch.busy()).toBe(false);
    } finally {
      watch.stop();
    }
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { watchBusy } from './busy-watch.ts';

describe('watching how busy the server’s thread is', () => {
  it('tells a thread at work from one waiting', async () => {
    const watch = watchBusy({ everyMs: 100 });
    try {
      await sleep(250);
      expect(watch.busy()).toBe(false);
      const end = performance.now() + 300;
      while (performance.now() < end); // at work, as under a full load
      await sleep(20); // the look due meanwhile comes right after the work, and sees it
      expect(watch.busy()).toBe(true);
      await sleep(250);
      expect(watch.busy()).toBe(false);
    } finally {
      watch.stop();
    }
  });
});

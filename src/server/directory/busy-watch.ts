import { performance } from 'node:perf_hooks';

/** The server's thread is busy while it worked more than this share of the last second. */
const BUSY_SHARE = 0.5;

/**
 * How much the server's thread works: its event loop's share of busy time, measured each second.
 * Work that only keeps something up to date beside the requests (the directory's search index)
 * can wait while it is busy (decision record 0038).
 */
export function watchBusy({ everyMs = 1000 } = {}) {
  let before = performance.eventLoopUtilization();
  let share = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    share = performance.eventLoopUtilization(now, before).utilization;
    before = now;
  }, everyMs);
  timer.unref(); // it keeps no process alive
  return {
    busy: (): boolean => share > BUSY_SHARE,
    stop: (): void => clearInterval(timer),
  };
}

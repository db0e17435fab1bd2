import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** The server's thread is busy while it worked more than this share of the last few seconds. */
const BUSY_SHARE = 0.5;

/**
 * How much the server's thread works: its event loop's share of busy time over the last `overMs`,
 * looked at every `everyMs`. Over a few seconds, so that one publish's own block of work (Austria
 * scale: half a second) does not count as a busy portal. Work that only keeps something up to date
 * beside the requests (the directory's publishes and its search index) holds back while the
 * portal is busy (decision record 0024, "A publish rests" and "The search index").
 */
export function watchBusy({ everyMs = 1000, overMs = 5000 } = {}) {
  const looks: EventLoopUtilization[] = [performance.eventLoopUtilization()];
  const timer = setInterval(() => {
    looks.push(performance.eventLoopUtilization());
    if (looks.length > Math.max(2, Math.round(overMs / everyMs) + 1)) looks.shift();
  }, everyMs);
  timer.unref(); // it keeps no process alive
  return {
    busy: (): boolean =>
      looks.length > 1 && performance.eventLoopUtilization(looks.at(-1), looks[0]).utilization > BUSY_SHARE,
    stop: (): void => clearInterval(timer),
  };
}

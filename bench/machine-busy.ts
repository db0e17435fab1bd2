import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How busy the machine's cores are over the next `seconds` (0–1): the portal, its database and the
 * load's clients share them, so a machine near 100 % times the clients' waits for a core too, and
 * a second portal process can only take more saves where one leaves cores idle.
 */
export async function machineBusy(seconds: number): Promise<number> {
  const times = () =>
    cpus().reduce(
      (sum, { times: { user, nice, sys, irq, idle } }) => ({
        busy: sum.busy + user + nice + sys + irq,
        idle: sum.idle + idle,
      }),
      { busy: 0, idle: 0 },
    );
  const before = times();
  await sleep(seconds * 1000);
  const after = times();
  const busy = after.busy - before.busy;
  return busy / (busy + after.idle - before.idle);
}

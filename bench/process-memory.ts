import { readdir, readFile } from 'node:fs/promises';

/** Once a second: a child process's memory lives about as long as its work, a publish or more. */
const SAMPLE_MS = 1000;

/** A process's resident memory in MB: now, at its peak, and its peak with the processes it started. */
export interface ProcessMemory {
  now: number;
  /** The larger of the process's own high-water mark (VmHWM) and the sampled peak of its tree. */
  peak: number;
  highWater: number;
  /** The sampled peak of the process with the processes it started, and what each held then (name, MB). */
  tree: { peak: number; processes: { name: string; megabytes: number }[] };
}

/**
 * The resident memory of a process and of every process it started (Linux /proc), sampled until
 * stopped: issue 50 holds the portal's memory to a budget, and the portal may do heavy work (a
 * publish) in a process of its own. The process's own high-water mark catches what a sample misses.
 * `stop` answers null where /proc is missing.
 */
export function watchProcessMemory(pid: number) {
  let peak = 0;
  let processes: ProcessMemory['tree']['processes'] = [];
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const sizes = await Promise.all((await processTree(pid)).map(residentMemory));
      const sum = sizes.reduce((total, size) => total + size.megabytes, 0);
      if (sum > peak) [peak, processes] = [sum, sizes];
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    stop: async (): Promise<ProcessMemory | null> => {
      stopped = true;
      await sampling;
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
      if (!status) return null;
      const highWater = megabytes(status, 'VmHWM');
      return { now: megabytes(status, 'VmRSS'), peak: Math.max(highWater, peak), highWater, tree: { peak, processes } };
    },
  };
}

/** `pid` and its descendants, by the parent each process names in /proc/<pid>/stat. */
async function processTree(pid: number): Promise<number[]> {
  const entries = await readdir('/proc').catch(() => []);
  const parents = await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
        // After the command's name in parentheses (which may hold spaces): state, then the parent.
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [Number(entry), parent] as const;
      }),
  );
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** A process's memory, and its name as its command line says it (Node names its main thread "MainThread"). */
async function residentMemory(pid: number) {
  const [status = '', command = ''] = await Promise.all(
    ['status', 'cmdline'].map((file) => readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '')),
  );
  const name = command
    .split('\0')
    .slice(0, 2)
    .map((part) => part.split('/').pop())
    .join(' ');
  return { name: name.trim() || String(pid), megabytes: megabytes(status, 'VmRSS') };
}

function megabytes(status: string, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

/** The figures as `npm run load` prints them. */
export function describeMemory({ now, highWater, tree }: ProcessMemory): string {
  const processes = tree.processes.map(({ name, megabytes }) => `${name} ${megabytes.toFixed(0)} MB`).join(', ');
  return (
    `Portal memory: ${now.toFixed(0)} MB resident at the end, ${highWater.toFixed(0)} MB at its peak (VmHWM); ` +
    `with the processes it started, sampled each second: ${tree.peak.toFixed(0)} MB at the peak (${processes}).`
  );
}

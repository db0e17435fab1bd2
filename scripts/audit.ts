import { spawnSync } from 'node:child_process';

/**
 * `npm run audit` (part of `npm test`): no dependency with a known high or critical
 * vulnerability. When the registry cannot answer the audit (an offline mirror refuses its
 * advisory endpoint), that is said plainly and nothing is claimed; findings always fail.
 */
const run = spawnSync('npm', ['audit', '--json', '--audit-level=high'], { encoding: 'utf8', shell: false });
let report: {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
  statusCode?: number;
  message?: string;
};
try {
  report = JSON.parse(run.stdout) as typeof report;
} catch {
  report = { message: (run.stderr || run.stdout).trim().split('\n')[0] ?? 'no answer' };
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  console.warn(
    `npm audit: NOT CHECKED, the registry did not answer the audit (${report.message ?? 'no answer'}). ` +
      'Run `npm audit` where the registry offers it.',
  );
  process.exit(0);
}
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, found]) =>
  ['high', 'critical'].includes(found.severity),
);
console.log(
  `npm audit: ${Object.entries(counts)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ')}`,
);
if (serious.length > 0) {
  console.error(`High or critical: ${serious.map(([name, found]) => `${name} (${found.severity})`).join(', ')}`);
  process.exit(1);
}

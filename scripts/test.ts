import { spawn } from 'node:child_process';

/**
 * `npm test`: every check, in the order their inputs allow. Lint, types, the audit, the build and
 * the tests' database template (tests/setup/prepare.ts) need nothing of each other, so they run
 * side by side, each one's output printed whole once it ends; the Vitest projects need the build
 * (the startup tests start the built portal), and the end-to-end tests come last, each on the
 * whole machine. A failed phase stops the run. At the end each step's time is printed (issue 51).
 */
const PHASES: string[][] = [['lint', 'typecheck', 'audit', 'build', 'test:prepare'], ['test:unit'], ['test:e2e']];

interface Outcome {
  step: string;
  ok: boolean;
  seconds: number;
}

function runStep(step: string, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', step], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '1' },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone) {
        process.stdout.write(`\n── ${step} (${seconds.toFixed(0)} s) ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ step, ok: code === 0, seconds });
    });
  });
}

const outcomes: Outcome[] = [];
const started = performance.now();
for (const phase of PHASES) {
  const ended = await Promise.all(phase.map((step) => runStep(step, phase.length === 1)));
  outcomes.push(...ended);
  if (ended.some((outcome) => !outcome.ok)) break;
}

const total = (performance.now() - started) / 1000;
console.log('\nnpm test, each step:');
for (const { step, ok, seconds } of outcomes)
  console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${step.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  in all              ${total.toFixed(0).padStart(5)} s`);
const failed = outcomes.filter((outcome) => !outcome.ok);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((outcome) => outcome.step).join(', ')}.`);
  process.exit(1);
}

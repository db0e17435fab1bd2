import { describe, expect, it } from 'vitest';
import { ContentSteps } from './content-steps.ts';

const record = (id: string, text: string) => ({ id, gkz: '62219', members: [text] });

/** Versions 1 → 2 → 4 → 5: a and b changed, then a again with b and c deleted, then c back. */
function threeSteps(): ContentSteps {
  const steps = new ContentSteps();
  steps.add(1n, 2n, { changed: [record('a', 'a1'), record('b', 'b1')], deletedIds: [] });
  steps.add(2n, 4n, { changed: [record('a', 'a2')], deletedIds: ['b', 'c'] });
  steps.add(4n, 5n, { changed: [record('c', 'c1')], deletedIds: [] });
  return steps;
}

describe('the steps a content service held', () => {
  it('fold into the delta since any version they start from, the later change of a record counting', () => {
    const steps = threeSteps();
    expect(steps.between(1n, 5n)).toEqual({ changed: [record('a', 'a2'), record('c', 'c1')], deletedIds: ['b'] });
    expect(steps.between(4n, 5n)).toEqual({ changed: [record('c', 'c1')], deletedIds: [] });
    expect(steps.between(5n, 5n)).toEqual({ changed: [], deletedIds: [] });
    // Not up to now, or from before the steps: the change log answers.
    expect(steps.between(1n, 6n)).toBeNull();
    expect(steps.between(0n, 5n)).toBeNull();
  });

  it("answer a version inside a step (read from the log, or another process's) with that whole step", () => {
    const steps = threeSteps();
    expect(steps.between(3n, 5n)).toEqual({ changed: [record('a', 'a2'), record('c', 'c1')], deletedIds: ['b'] });
  });

  it('start afresh when a step does not follow the last (a full read between)', () => {
    const steps = new ContentSteps();
    steps.add(1n, 2n, { changed: [record('a', 'a1')], deletedIds: [] });
    steps.add(7n, 8n, { changed: [], deletedIds: ['a'] });
    expect(steps.between(1n, 8n)).toBeNull();
    expect(steps.between(7n, 8n)).toEqual({ changed: [], deletedIds: ['a'] });
  });
});

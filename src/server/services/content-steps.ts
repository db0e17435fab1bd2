import type { ContentRecord } from './content-records.ts';

/** What changed in one answer between two versions: the records public now, and the ids no longer public. */
export interface ContentDelta {
  changed: ContentRecord[];
  deletedIds: string[];
}

/** Records the steps may hold in all (after an import's worth of changes, apps get the whole answer). */
const MAX_RECORDS = 20_000;
/** Steps kept at most: at a save a second, the last quarter of an hour. */
const MAX_STEPS = 1000;

/**
 * The changes between the snapshots one content service was given, one step per publication, so
 * that a delta since any of those versions is folded in memory (issue 18: under a working day's
 * saves every app asks with a version of its own; read from the change log, each such delta was a
 * transaction of the embedded database's one thread). A step that does not follow the last one
 * starts them afresh.
 */
export class ContentSteps {
  private steps: { from: bigint; to: bigint; delta: ContentDelta }[] = [];
  private records = 0;

  add(from: bigint, to: bigint, delta: ContentDelta): void {
    if (this.steps.at(-1)?.to !== from) this.clear();
    this.steps.push({ from, to, delta });
    this.records += delta.changed.length + delta.deletedIds.length;
    while (this.steps.length > MAX_STEPS || (this.records > MAX_RECORDS && this.steps.length > 0)) {
      const [dropped] = this.steps.splice(0, 1);
      this.records -= dropped!.delta.changed.length + dropped!.delta.deletedIds.length;
    }
  }

  clear(): void {
    this.steps = [];
    this.records = 0;
  }

  /**
   * What changed from `since` to `upTo`, the later change of a record counting; null when the steps
   * do not span it. A `since` inside a step (another process's publication) takes that whole step: its changes before `since` are sent again as they are now,
   * which a client's merge takes as it is, and the app's next `since` is one the steps hold.
   */
  between(since: bigint, upTo: bigint): ContentDelta | null {
    if (since === upTo) return { changed: [], deletedIds: [] };
    const start = this.steps.findIndex((step) => step.from <= since && since < step.to);
    if (start < 0 || this.steps.at(-1)?.to !== upTo) return null;
    const changed = new Map<string, ContentDelta['changed'][number]>();
    const deleted = new Set<string>();
    for (const { delta } of this.steps.slice(start)) {
      for (const record of delta.changed) {
        changed.set(record.id, record);
        deleted.delete(record.id);
      }
      for (const id of delta.deletedIds) {
        changed.delete(id);
        deleted.add(id);
      }
    }
    return { changed: [...changed.values()], deletedIds: [...deleted].sort() };
  }
}

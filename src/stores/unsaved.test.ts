import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.resetModules());

describe('leaving unsaved work', () => {
  it('leaves at once when nothing is unsaved', async () => {
    const { leaveWith, $leaveRequest } = await import('./unsaved.ts');
    const leave = vi.fn();
    leaveWith(leave);
    expect(leave).toHaveBeenCalledOnce();
    expect($leaveRequest.get()).toBeNull();
  });

  it('asks first, then saves and leaves, or discards and leaves, or stays', async () => {
    const { leaveWith, answerLeave, reportUnsaved, $unsavedWork } = await import('./unsaved.ts');
    const { $appState } = await import('./app-state.ts');
    const leave = vi.fn();
    const work = { save: vi.fn(() => Promise.resolve(true)), discard: vi.fn() };

    reportUnsaved('market', work);
    expect($appState.get()).toMatchObject({ unsavedChanges: true, saveBarVisible: true });
    leaveWith(leave);
    await answerLeave('stay');
    expect(leave).not.toHaveBeenCalled();

    leaveWith(leave);
    await answerLeave('save');
    expect(work.save).toHaveBeenCalledOnce();
    expect(leave).toHaveBeenCalledOnce();
    expect($unsavedWork.get()).toBeNull();
    expect($appState.get()).toMatchObject({ unsavedChanges: false, saveBarVisible: false });

    reportUnsaved('market', work);
    leaveWith(leave);
    await answerLeave('discard');
    expect(work.discard).toHaveBeenCalledOnce();
    expect(leave).toHaveBeenCalledTimes(2);
  });

  it('saves every form with unsaved work, and keeps the flags still while one stays unsaved', async () => {
    const { answerLeave, leaveWith, reportUnsaved } = await import('./unsaved.ts');
    const { $appState } = await import('./app-state.ts');
    const market = { save: vi.fn(() => Promise.resolve(true)), discard: vi.fn() };
    const date = { save: vi.fn(() => Promise.resolve(true)), discard: vi.fn() };
    reportUnsaved('market', market);
    reportUnsaved('date', date);
    const changes = vi.fn();
    const stop = $appState.listen(changes);
    reportUnsaved('market', null);
    reportUnsaved('market', market);
    expect(changes).not.toHaveBeenCalled();
    stop();
    const leave = vi.fn();
    leaveWith(leave);
    await answerLeave('save');
    expect([market.save, date.save, leave].map((spy) => spy.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('stays when saving first fails', async () => {
    const { leaveWith, answerLeave, reportUnsaved, $unsavedWork } = await import('./unsaved.ts');
    const leave = vi.fn();
    const work = { save: () => Promise.resolve(false), discard: vi.fn() };
    reportUnsaved('market', work);
    leaveWith(leave);
    await answerLeave('save');
    expect(leave).not.toHaveBeenCalled();
    expect($unsavedWork.get()).not.toBeNull();
  });
});

import { atom } from 'nanostores';
import { $appState } from './app-state.ts';

/** A form's unsaved work: how to save it (true when saved) and how to drop it. */
export interface UnsavedWork {
  save: () => Promise<boolean>;
  discard: () => void;
}

/** Every open form with unsaved work (a market form and a date form can both be open), by form. */
const works = new Map<string, UnsavedWork>();
/** All unsaved work as one: saving saves each form in turn, discarding drops them all. */
export const $unsavedWork = atom<UnsavedWork | null>(null);
/** A way out the clerk asked for while work was unsaved; the confirmation asks what to do. */
export const $leaveRequest = atom<(() => void) | null>(null);

/** A form reports its state; the save bar and the confirmation follow it (seed app state: save bar, unsaved flag). */
export function reportUnsaved(form: string, work: UnsavedWork | null): void {
  if (work) works.set(form, work);
  else works.delete(form);
  publish();
}

function publish(): void {
  const all = [...works.values()];
  $unsavedWork.set(
    all.length === 0
      ? null
      : {
          save: async () => {
            for (const work of all) if (!(await work.save())) return false;
            return true;
          },
          discard: () => all.forEach((work) => work.discard()),
        },
  );
  // Only a change of the flags reaches the app state (and the visitor record behind it).
  if ($appState.get().unsavedChanges !== all.length > 0) {
    $appState.setKey('unsavedChanges', all.length > 0);
    $appState.setKey('saveBarVisible', all.length > 0);
  }
}

/** Seed: unsaved changes trigger a confirmation (save first, or discard and leave) before `leave` runs. */
export function leaveWith(leave: () => void): void {
  if ($unsavedWork.get()) $leaveRequest.set(leave);
  else leave();
}

export async function answerLeave(choice: 'save' | 'discard' | 'stay'): Promise<void> {
  const leave = $leaveRequest.get();
  const work = $unsavedWork.get();
  $leaveRequest.set(null);
  if (!leave || choice === 'stay') return;
  if (choice === 'save' && work && !(await work.save())) return;
  if (choice === 'discard') work?.discard();
  works.clear();
  publish();
  leave();
}

import { useEffect, useId } from 'react';
import { reportUnsaved, type UnsavedWork } from '../../stores/unsaved.ts';

/**
 * Keeps the save bar and the leave confirmation informed of a form's unsaved work (null: none).
 * Reported on every render, so the work saves with the form's latest values. The returned
 * function withdraws it at once: after a save or a delete the form may go before it renders again.
 */
export function useUnsaved(work: UnsavedWork | null): () => void {
  const form = useId();
  useEffect(() => {
    reportUnsaved(form, work);
  });
  useEffect(() => () => reportUnsaved(form, null), []);
  return () => reportUnsaved(form, null);
}

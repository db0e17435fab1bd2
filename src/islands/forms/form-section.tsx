import type { ReactNode } from 'react';

/**
 * A part of a long form under its own heading (issue 19: basics, schedule, place and contact, …),
 * so a clerk sees where they are and a screen reader can jump by headings. Not a landmark: a form
 * of six regions would crowd the landmark list.
 */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="form-section">
      <h3 id={id}>{title}</h3>
      {children}
    </div>
  );
}

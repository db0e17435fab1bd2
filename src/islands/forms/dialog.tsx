import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogAction {
  label: string;
  onClick: () => void;
  /** The safe choice gets the focus when the dialog opens. */
  primary?: boolean;
  danger?: boolean;
}

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  actions: readonly DialogAction[];
  /** Escape and the last action close the dialog without doing anything. */
  onCancel: () => void;
  /**
   * What is read out with the title, when the children are more than that (issue 55: the reminders'
   * mails follow their summary); without it the children are.
   */
  summary?: ReactNode;
}

/**
 * A confirmation as the platform's modal dialog: it keeps the focus inside, Escape closes it,
 * and the page behind it is inert for screen readers.
 */
export function Dialog({ open, title, children, actions, onCancel, summary }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The text says what the action does: read out with the title when the safe button takes the focus.
  const textId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // React does not render `autofocus`; without this the dialog would focus its first button, the risky one.
      element.querySelector<HTMLButtonElement>('[data-primary]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {summary === undefined ? (
        <div id={textId}>{children}</div>
      ) : (
        <>
          <div id={textId}>{summary}</div>
          {children}
        </>
      )}
      <div className="form-actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.danger ? 'button-danger' : action.primary ? undefined : 'button-secondary'}
            data-primary={action.primary ? '' : undefined}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}

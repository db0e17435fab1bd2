import type { ChangeEvent, InputHTMLAttributes } from 'react';
import type { Failure } from './use-form.ts';

interface FieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode'> {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The inline check's message, shown under the input and read with it. */
  error?: string | undefined;
  hint?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

/** A labelled input with its hint and inline message tied to it for screen readers. */
export function Field({ id, label, error, hint, type = 'text', ...input }: FieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's refusal from the server, announced as it appears. */
export function FormFailure({ failure }: { failure: Failure | null }) {
  return (
    <div role="alert" className="form-failure">
      {failure?.message}
    </div>
  );
}

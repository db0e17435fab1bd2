import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Failure } from './form-cycle.ts';

interface FrameProps {
  id: string;
  label: string;
  /** The inline check's message, shown under the control and read with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Marked in the label in words, not only by a sign, so every reader knows it must be filled. */
  required?: boolean | undefined;
  /** Characters typed against the limit, under the control; red over the limit. */
  counter?: { count: number; max: number } | undefined;
  /** The control, given the attributes that tie it to label, hint and message. */
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A box to tick with its label after it: one yes-or-no choice of a form. */
export function CheckField(props: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field-check">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}

/** Label, hint and inline message around any control, tied together for screen readers. */
export function FieldFrame({ id, label, error, hint, required, counter, children }: FrameProps) {
  const { t } = useTranslation();
  const described = [hint && `${id}-hint`, error && `${id}-error`, counter && `${id}-counter`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span className="field-required"> ({t('form.required')})</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {counter && (
        <p
          id={`${id}-counter`}
          className={counter.count > counter.max ? 'field-counter field-counter-over' : 'field-counter'}
        >
          {t('market.counter', counter)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface FieldProps extends Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'maxLength'
> {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

/** A labelled input with its hint and inline message. */
export function Field({ id, label, error, hint, type = 'text', required = true, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {(control) => <input type={type} required={required} {...control} {...input} />}
    </FieldFrame>
  );
}

/** What `useForm`'s `field(name)` gives a field: its value, handlers and inline message. */
type FieldBinding = Pick<FieldProps, 'id' | 'name' | 'value' | 'error' | 'onChange' | 'onBlur'>;

/**
 * A new password and its repeat, as registering, resetting and changing the password ask for
 * them: the password manager is told to suggest one, and the hint says what a password needs.
 */
export function NewPasswordFields(props: {
  labels: [password: string, repeat: string];
  hint: string;
  password: FieldBinding;
  repeat: FieldBinding;
}) {
  return (
    <>
      <Field
        label={props.labels[0]}
        type="password"
        autoComplete="new-password"
        hint={props.hint}
        {...props.password}
      />
      <Field label={props.labels[1]} type="password" autoComplete="new-password" {...props.repeat} />
    </>
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

/** A form's end: its refusal from the server, then save and leave without saving. */
export function FormEnd(props: {
  failure: Failure | null;
  busy: boolean;
  save: string;
  cancel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormFailure failure={props.failure} />
      <div className="form-actions">
        <button type="submit" disabled={props.busy}>
          {props.save}
        </button>
        <button type="button" className="button-secondary" onClick={props.onCancel}>
          {props.cancel}
        </button>
      </div>
    </>
  );
}

import { useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from '../i18n.tsx';
import type * as z from 'zod/mini';
import type { ErrorCode } from '../../lib/error-codes.ts';
import type { MessageKey } from '../../lib/translate.ts';
import { check, type FieldErrors } from '../../lib/validation.ts';
import { ApiRequestError } from '../../stores/api-client.ts';
import { firstRefusedControl, formCycle, FRESH_FORM, shownRefusal } from './form-cycle.ts';

interface FormCycleOptions {
  /** The element a refused field is shown and focused at, where it is not the field's own control. */
  controlOf?: (field: string) => string | null;
  /** A form's own words for a refusal that needs its values ("außerhalb der Saison 1. April – …"). */
  wording?: (field: string, code: ErrorCode) => string | undefined;
}

/** A refusal in the error summary: the control it links to and what is wrong there. */
export interface SummaryItem {
  control: string;
  message: string;
}

/** Codes that say a field was left empty: each field says in its own words what to enter (issue 53). */
const MISSING: readonly ErrorCode[] = ['required_fields', 'credentials_missing'];

/**
 * The submit cycle every form shares (form-cycle.ts): which refusals show, busy while sending,
 * the failure of the last attempt, the error summary that takes the focus on a refusal (issue 53).
 * `refused` is what the form's checks refuse now, in their order; empty when it may be sent.
 */
export function useFormCycle(refused: FieldErrors, { controlOf = (field) => field, wording }: FormCycleOptions = {}) {
  const { t } = useTranslation();
  const prefix = useId();
  const [state, dispatch] = useReducer(formCycle, FRESH_FORM);
  // Read and set in the same event, before React renders: a second Enter does not send again.
  const sending = useRef(false);
  // A refused sending moves the focus to the error summary, once it is rendered.
  const focusSummary = useRef(false);
  const idOf = (field: string) => `${prefix}-${field}`;
  const summaryId = idOf('error-summary');

  const wordOf = (field: string, code: ErrorCode): string => {
    const own = wording?.(field, code);
    if (own) return own;
    if (MISSING.includes(code)) {
      const key = `errors.missing.${field.split('.').pop()}` as MessageKey;
      const missing = t(key);
      if (missing !== key) return missing;
    }
    return t(`errors.${code}` as MessageKey);
  };
  const errorOf = (field: string): string | undefined => {
    const code = shownRefusal(state, refused, field);
    return code && wordOf(field, code);
  };

  // GOV.UK's pattern: every refusal once, linked to its control, in the order the checks name them.
  const summary: SummaryItem[] = [];
  if (state.tried) {
    for (const [field, code] of Object.entries(refused)) {
      const control = controlOf(field);
      if (control && !summary.some((item) => item.control === idOf(control))) {
        summary.push({ control: idOf(control), message: wordOf(field, code) });
      }
    }
  }

  /** The summary takes the focus; a form without one focuses its first refused control. */
  const focusRefusal = () => {
    const control = firstRefusedControl(refused, controlOf);
    (document.getElementById(summaryId) ?? (control ? document.getElementById(idOf(control)) : null))?.focus();
  };
  useEffect(() => {
    if (!focusSummary.current) return;
    focusSummary.current = false;
    focusRefusal();
  });

  /**
   * Sends with `action` unless a check refuses; a thrown refusal becomes the form's failure, worded
   * by `describe`. True once the action went through (the leave confirmation goes on then).
   */
  const submit = async (
    action: () => Promise<void>,
    describe: (error: unknown) => string = (error) => messageOf(error, t),
  ): Promise<boolean> => {
    if (sending.current) return false;
    if (Object.keys(refused).length > 0) {
      // Tried before, nothing renders anew: the summary is there to focus now; else after its rendering.
      if (state.tried) focusRefusal();
      else focusSummary.current = true;
      dispatch({ type: 'try' });
      return false;
    }
    dispatch({ type: 'try' });
    sending.current = true;
    dispatch({ type: 'send' });
    try {
      await action();
      return true;
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : 'unexpected';
      dispatch({ type: 'fail', failure: { code, message: describe(error) } });
      return false;
    } finally {
      sending.current = false;
      dispatch({ type: 'settle' });
    }
  };

  return {
    /** Unique within the page: ids of the form's controls, headings and messages. */
    idOf,
    /** What ErrorSummary shows after a refused sending; empty before and once all is right. */
    summary: { id: summaryId, items: summary },
    busy: state.busy,
    failure: state.failure,
    errorOf,
    /** The blur handler of a field: its check shows from now on. */
    leave: (field: string) => () => dispatch({ type: 'leave', field }),
    /** The failure is no longer the point (the clerk types again, or reloaded). */
    clearFailure: () => dispatch({ type: 'clear' }),
    submit,
  };
}

/**
 * A form checked with the schema the server uses, so a clerk sees inline, before sending, what
 * the server would refuse: a field's check shows once it was left or the form was sent. While a
 * request runs the form is busy; a refusal is kept as a message for the whole form until the next input.
 */
export function useForm<S extends z.core.$ZodType<unknown, Record<string, string>>>(
  schema: S,
  initial: z.input<S>,
  order: readonly ErrorCode[] = [],
) {
  const [values, setValues] = useState(initial);
  const checked = check(schema, values, order);
  const cycle = useFormCycle(checked.ok ? {} : checked.fields);

  /** What a field component needs: id, value, handlers and its inline message. */
  const field = (name: keyof z.input<S> & string) => ({
    id: cycle.idOf(name),
    name,
    value: values[name] ?? '',
    error: cycle.errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      cycle.clearFailure();
    },
    onBlur: cycle.leave(name),
  });

  const onSubmit = (action: (data: z.output<S>) => Promise<void>) => async (event: SubmitEvent) => {
    event.preventDefault();
    await cycle.submit(async () => {
      if (checked.ok) await action(checked.data);
    });
  };

  return { values, field, busy: cycle.busy, failure: cycle.failure, summary: cycle.summary, onSubmit };
}

/** A refusal's message in the page's language (the server words it); a lost connection says so. */
export function messageOf(error: unknown, t: (key: MessageKey) => string): string {
  if (error instanceof ApiRequestError && error.code !== 'network' && error.message) return error.message;
  return t(error instanceof ApiRequestError && error.code === 'network' ? 'errors.network' : 'errors.unexpected');
}

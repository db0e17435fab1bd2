import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from '../i18n.tsx';
import type * as z from 'zod/mini';
import type { ErrorCode } from '../../lib/error-codes.ts';
import type { MessageKey } from '../../lib/translate.ts';
import { check } from '../../lib/validation.ts';
import { ApiRequestError } from '../../stores/api-client.ts';

/**
 * A form checked with the schema the server uses, so a clerk sees inline, before sending, what
 * the server would refuse: a field's check shows once it was left or the form was sent. While a
 * request runs the form is busy; a refusal is kept as a message for the whole form.
 */
export function useForm<S extends z.core.$ZodType<unknown, Record<string, string>>>(
  schema: S,
  initial: z.input<S>,
  order: readonly ErrorCode[] = [],
) {
  const { t } = useTranslation();
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const checked = check(schema, values, order);
  const names = Object.keys(initial);
  const idOf = (name: string) => `${prefix}-${name}`;

  const errorOf = (name: string): string | undefined => {
    const code = checked.ok || !shown.has(name) ? undefined : checked.fields[name];
    return code && t(`errors.${code}` as MessageKey);
  };

  /** What a field component needs: id, value, handlers and its inline message. */
  const field = (name: keyof z.input<S> & string) => ({
    id: idOf(name),
    name,
    value: values[name] ?? '',
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setFailure(null);
    },
    onBlur: () => setShown((current) => new Set(current).add(name)),
  });

  const onSubmit = (action: (data: z.output<S>) => Promise<void>) => async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setShown(new Set(names));
    if (!checked.ok) {
      const first = names.find((name) => checked.fields[name]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await action(checked.data);
    } catch (error) {
      setFailure({ code: error instanceof ApiRequestError ? error.code : 'unexpected', message: messageOf(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return { values, field, busy, failure, onSubmit };
}

/** Why the last sending failed: the code (for a follow-up offer) and the message to show. */
export interface Failure {
  code: ErrorCode | 'network';
  message: string;
}

/** A refusal's message in the page's language (the server words it); a lost connection says so. */
export function messageOf(error: unknown, t: (key: MessageKey) => string): string {
  if (error instanceof ApiRequestError && error.code !== 'network' && error.message) return error.message;
  return t(error instanceof ApiRequestError && error.code === 'network' ? 'errors.network' : 'errors.unexpected');
}

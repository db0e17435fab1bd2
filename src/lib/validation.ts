import * as z from 'zod/mini';
import { isErrorCode, type ErrorCode } from './error-codes.ts';

export type FieldErrors = Record<string, ErrorCode>;

/**
 * Whether PostgreSQL can store the text: no NUL character (text refuses it) and no unpaired
 * UTF-16 surrogate (jsonb refuses it, and the change history keeps every field as jsonb).
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}
// With the `u` flag, the surrogate range matches only a surrogate that is not part of a pair.
// eslint-disable-next-line no-control-regex -- NUL is what is refused
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** A schema's verdict in the content service's words: the data, or the answer's code and each refused field's. */
export type Checked<T> = { ok: true; data: T } | { ok: false; code: ErrorCode; fields: FieldErrors };

/**
 * Validates with a schema whose issue messages are error codes, the same on the server and in the
 * browser (so a form shows inline what the server would refuse). The first issue, or the first of
 * `order` that occurs, names the answer; every refused field gets its first issue's code.
 */
export function check<S extends z.core.$ZodType>(
  schema: S,
  values: unknown,
  order: readonly ErrorCode[] = [],
): Checked<z.output<S>> {
  const result = z.safeParse(schema, values);
  if (result.success) return { ok: true, data: result.data };
  const codeOf = (message: string): ErrorCode => (isErrorCode(message) ? message : 'invalid_request');
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (field && !(field in fields)) fields[field] = codeOf(issue.message);
  }
  const codes = result.error.issues.map((issue) => codeOf(issue.message));
  // Where a contract fixes the order of the checks, the earliest failed check names the answer.
  const code = order.find((one) => codes.includes(one)) ?? codes[0] ?? 'invalid_request';
  return { ok: false, code, fields };
}

import type { Context } from 'hono';
import type { z } from 'zod';
import { isErrorCode, type ErrorCode } from '../../lib/error-codes.ts';
import { isLocale } from '../../lib/languages.ts';
import { ApiError } from './api-error.ts';
import type { ApiEnv } from './api-env.ts';

/**
 * The fields of a request body: JSON, form data or multipart all give a flat object (api.md,
 * "Request bodies"). A `lang` field sets the language of the answer's messages.
 */
export async function readFields(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  let fields: unknown;
  try {
    if (type === 'application/json') {
      fields = await c.req.json();
    } else if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
      fields = await c.req.parseBody();
    } else if (type === '' && (await c.req.text()) === '') {
      fields = {};
    } else {
      throw new ApiError('invalid_request');
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('invalid_request');
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new ApiError('invalid_request');
  const lang = (fields as Record<string, unknown>)['lang'];
  if (isLocale(lang)) c.set('locale', lang);
  return fields as Record<string, unknown>;
}

/**
 * Validates with a schema whose issue messages are error codes; the first issue (or the first
 * of `order` that occurs) becomes the answer's code, and every issue a `fields` entry.
 */
export function parseFields<S extends z.ZodType>(
  schema: S,
  fields: unknown,
  order: readonly ErrorCode[] = [],
): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const codeOf = (message: string): ErrorCode => (isErrorCode(message) ? message : 'invalid_request');
  const byField: Record<string, ErrorCode> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (field && !(field in byField)) byField[field] = codeOf(issue.message);
  }
  const codes = result.error.issues.map((issue) => codeOf(issue.message));
  // Where a contract fixes the order of the checks, the earliest failed check names the answer.
  const first = order.find((code) => codes.includes(code)) ?? codes[0] ?? 'invalid_request';
  throw new ApiError(first, byField);
}

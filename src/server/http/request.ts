import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { ErrorCode } from '../../lib/error-codes.ts';
import { MAX_JSON_DEPTH, jsonTextWithin } from '../../lib/json-depth.ts';
import { isLocale } from '../../lib/languages.ts';
import { check } from '../../lib/validation.ts';
import { ApiError, type Checked } from '../api-error.ts';
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
      const text = await c.req.text();
      // The body's own object and its fields' 32 levels (issue 49): refused before JSON.parse builds it.
      if (!jsonTextWithin(text, MAX_JSON_DEPTH + 1)) throw new ApiError('too_deep');
      fields = JSON.parse(text);
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
  if (isLocale(lang)) c.set('locale', () => lang);
  return fields as Record<string, unknown>;
}

/** Validates request fields (see lib/validation.ts); a refusal becomes the API's error answer. */
export function parseFields<S extends z.core.$ZodType>(
  schema: S,
  fields: unknown,
  order: readonly ErrorCode[] = [],
): z.output<S> {
  const result = check(schema, fields, order);
  if (result.ok) return result.data;
  throw new ApiError(result.code, result.fields);
}

/** What `read` gives, or its refusal as data: for a procedure that checks the session before it (api-error.ts). */
export async function checked<Input>(read: () => Promise<Input> | Input): Promise<Checked<Input>> {
  try {
    return { input: await read() };
  } catch (error) {
    if (error instanceof ApiError) return { refused: error.asData() };
    throw error;
  }
}

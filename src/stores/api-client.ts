import type { ErrorBody, ErrorCode } from '../lib/error-codes.ts';
import { runtimeConfig } from './runtime-config.ts';

/** A refusal of the content service, with its stable code and the message in the user's language. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fields: Record<string, ErrorCode>;

  constructor(status: number, code: ErrorCode | 'network', message: string, fields: Record<string, ErrorCode> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function apiUrl(path: string): string {
  return `${runtimeConfig().apiBase}/${path}`;
}

/**
 * Seed section 7: the HTTP client has no timeout. Fields go as form data, like the seed's calls,
 * with `lang` so that refusals come back in the page's language.
 */
export async function callApi<T>(
  path: string,
  init: { fields?: Record<string, string>; query?: Record<string, string>; form?: FormData } = {},
): Promise<T> {
  const query = init.query ? `?${new URLSearchParams(init.query).toString()}` : '';
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  // A file goes as multipart (issue 54's import); other fields as form data.
  if (init.form && lang) init.form.set('lang', lang);
  const sent = init.form ?? (init.fields && new URLSearchParams({ ...(lang ? { lang } : {}), ...init.fields }));
  let response: Response;
  try {
    response = await fetch(`${apiUrl(path)}${query}`, {
      method: sent ? 'POST' : 'GET',
      credentials: 'same-origin',
      ...(sent ? { body: sent } : {}),
    });
  } catch (error) {
    throw new ApiRequestError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as { data: T } | ErrorBody | null;
  if (response.ok && body && 'data' in body) return body.data;
  const error = body && 'error' in body ? body.error : undefined;
  throw new ApiRequestError(
    response.status,
    error?.code ?? 'unexpected',
    error?.message ?? response.statusText,
    error?.fields,
  );
}

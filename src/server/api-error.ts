import type { ErrorCode } from '../lib/error-codes.ts';

/** An ApiError as plain data. */
export interface Refusal {
  code: ErrorCode;
  fields?: Record<string, ErrorCode>;
  values?: Record<string, string>;
  retryAfter?: number;
}

/**
 * What a request asked for once its fields were checked, or their refusal: a procedure that checks
 * the session first (services/market-saves.ts) answers a caller not logged in so before it tells
 * them what is wrong with their fields, as the routes always have.
 */
export type Checked<Input> = { input: Input } | { refused: Refusal };

/** The input, or its refusal thrown. */
export function inputOf<Input>(checked: Checked<Input>): Input {
  if ('refused' in checked) throw ApiError.of(checked.refused);
  return checked.input;
}

/**
 * A refusal with a stable code from api.md. Services throw it; the API edge turns it into
 * `{"error": {code, message, fields}}` in the request's language. It sits beside the layers, not in
 * `http/`, so that services can refuse without importing the web (issue 16, docs/decisions/0009).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly fields: Record<string, ErrorCode> | undefined;
  /** Values for the message's placeholders, e.g. the support address of save_failed. */
  readonly values: Record<string, string> | undefined;
  /** With rate_limited: how many seconds until the limit lets the client try again. */
  retryAfter: number | undefined;

  constructor(code: ErrorCode, fields?: Record<string, ErrorCode>, values?: Record<string, string>) {
    super(code);
    this.code = code;
    this.fields = fields;
    this.values = values;
  }

  /** The same refusal with its fields named inside a list (`dates.2.date_end`). */
  /**
   * 429 after a passed rate limit: the edge sends the wait as Retry-After and in the message, in the
   * user's words (issue 19).
   */
  static rateLimited(secondsToWait: number): ApiError {
    const error = new ApiError('rate_limited');
    error.retryAfter = secondsToWait;
    return error;
  }

  /** The refusal as data a message can carry (a procedure's input or failure: db/database-messages.ts). */
  asData(): Refusal {
    const { code, fields, values, retryAfter } = this;
    return { code, ...(fields && { fields }), ...(values && { values }), ...(retryAfter && { retryAfter }) };
  }

  static of({ code, fields, values, retryAfter }: Refusal): ApiError {
    const error = new ApiError(code, fields, values);
    error.retryAfter = retryAfter;
    return error;
  }

  within(prefix: string): ApiError {
    const fields = Object.entries(this.fields ?? {}).map(([field, code]) => [prefix + field, code] as const);
    return new ApiError(this.code, Object.fromEntries(fields), this.values);
  }
}

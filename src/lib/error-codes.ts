/**
 * Every error the content service answers with, and its HTTP status (api.md, "Error codes").
 * Messages live in locales/*.json under `errors.<code>`.
 */
export const ERROR_STATUS = {
  not_found: 404,
  email_not_on_file: 403,
  credentials_missing: 400,
  /** Issue 19: the forms that ask for an address alone (forgot password, new confirmation mail). */
  email_missing: 400,
  /** Issue 19: the forms that set a new password (reset link, change password). */
  new_password_missing: 400,
  not_logged_in: 401,
  unexpected: 500,
  passwords_mismatch: 422,
  password_too_short: 422,
  password_too_common: 422,
  required_fields: 422,
  user_exists: 409,
  user_not_found: 404,
  wrong_password: 401,
  market_not_found: 404,
  market_date_not_found: 404,
  save_failed: 500,
  end_before_start: 422,
  end_time_before_start: 422,
  invalid_time: 422,
  no_weekday: 422,
  invalid_nth: 422,
  invalid_interval: 422,
  /** Issue 53, yearly rules: one weekday, and the month, Easter day or feast it follows, within their bounds. */
  one_weekday: 422,
  no_yearly_day: 422,
  invalid_month: 422,
  invalid_easter_offset: 422,
  invalid_feast: 422,
  invalid_offset: 422,
  invalid_days: 422,
  outside_season: 422,
  /** Issue 53: a season that repeats needs both its days, and lasts less than a year. */
  season_incomplete: 422,
  season_too_long: 422,
  date_in_past: 422,
  date_follows_rule: 422,
  /** Issue 53: a day chosen to change lies outside the date of several days it belongs to. */
  day_outside_date: 422,
  invalid_email: 422,
  invalid_url: 422,
  invalid_phone: 422,
  invalid_characters: 422,
  too_long: 422,
  /** Issue 49: JSON nested beyond 32 levels (lib/json-depth.ts). */
  too_deep: 400,
  invalid_date: 422,
  date_out_of_range: 422,
  date_locked: 422,
  invalid_token: 422,
  token_expired: 422,
  forbidden: 403,
  email_not_confirmed: 403,
  conflict: 409,
  quota_exceeded: 422,
  rate_limited: 429,
  /** Issue 49: the account's ceiling of failed logins, for networks it has not logged in from. */
  account_guarded: 429,
  invalid_visitor_id: 422,
  invalid_request: 400,
  payload_too_large: 413,
  // Issue 20: market photos (docs/api.md, extension).
  photo_too_large: 413,
  not_an_image: 422,
  photo_too_many_pixels: 422,
  photo_not_found: 422,
  photo_in_use: 409,
  // Issue 49: photo work that cannot starve anyone (docs/api.md, "Market photos").
  photo_side_too_long: 422,
  photo_too_narrow: 422,
  photo_too_slow: 422,
  photo_upload_busy: 409,
  photos_busy: 503,
  method_not_allowed: 405,
  // Issue 22: the operator's console and the yearly campaign.
  not_a_municipality: 422,
  address_not_allowed: 404,
  invalid_number: 422,
  user_not_confirmed: 422,
  no_campaign: 404,
  campaign_closed: 409,
  /** Issue 50: PostgreSQL cannot be reached; the last publication is still served (db/unavailable-error.ts). */
  database_unavailable: 503,
  // Issue 54: importing markets from a calendar or a spreadsheet (docs/api.md, extension).
  not_a_calendar: 422,
  not_a_spreadsheet: 422,
  too_many_rows: 422,
  too_many_columns: 422,
  import_too_complex: 422,
  calendar_unreachable: 422,
  import_not_found: 404,
  imports_busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The wire shape of a failure: `{"error": {code, message, fields?}}`. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, ErrorCode>;
    /** With rate_limited: the seconds to wait, as in Retry-After (docs/api.md, extension). */
    retry_after?: number;
  };
}

/** What the quota triggers (migration 0007) refuse: which limit, and its value. */
export interface QuotaRefusal {
  kind: 'markets' | 'dates_per_market' | 'dates';
  limit: string;
}

/** SQLSTATE the triggers raise; both pg and PGlite report it as `code`, with `detail` and `hint`. */
const QUOTA_SQLSTATE = 'P0Q01';

export function quotaRefusalOf(error: unknown): QuotaRefusal | null {
  const { code, detail, hint } = (error ?? {}) as { code?: unknown; detail?: unknown; hint?: unknown };
  if (code !== QUOTA_SQLSTATE) return null;
  const kind = detail === 'markets' || detail === 'dates_per_market' || detail === 'dates' ? detail : 'dates';
  return { kind, limit: typeof hint === 'string' ? hint : '' };
}

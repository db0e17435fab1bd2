/** What the quota triggers (migration 0007) refuse: which limit, and its value. */
export interface QuotaRefusal {
  kind: 'markets' | 'dates_per_market' | 'dates' | 'photo_megabytes';
  limit: string;
}

/** SQLSTATE the triggers raise; both pg and PGlite report it as `code`, with `detail` and `hint`. */
const QUOTA_SQLSTATE = 'P0Q01';

export function quotaRefusalOf(error: unknown): QuotaRefusal | null {
  const { code, detail, hint } = (error ?? {}) as { code?: unknown; detail?: unknown; hint?: unknown };
  if (code !== QUOTA_SQLSTATE) return null;
  const kinds = ['markets', 'dates_per_market', 'dates', 'photo_megabytes'] as const;
  const kind = kinds.find((each) => each === detail) ?? 'dates';
  return { kind, limit: typeof hint === 'string' ? hint : '' };
}

/** The photo quota is checked in the upload's transaction (services/market-photos.ts), refused alike. */
export function photoQuotaRefusal(megabytes: number): Error {
  return Object.assign(new Error('quota_exceeded'), {
    code: QUOTA_SQLSTATE,
    detail: 'photo_megabytes',
    hint: String(megabytes),
  });
}

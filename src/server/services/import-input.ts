import type { MarketDateInput, MarketInput } from '../../lib/market-input.ts';
import { marketInputSchema } from '../../lib/market-input.ts';
import type { MarketRecord } from '../../lib/market.ts';
import { ApiError } from '../api-error.ts';
import type { ImportedDate, ImportedMarket } from '../imports/imported-market.ts';
import type { ComparedField } from './import-compare.ts';

/** Issue 54: what an imported row writes, as the editing calls take it (services/market-imports.ts). */

/**
 * The market as save_market takes it: the source's fields over the portal's (all of them for a new
 * market), the portal's own rule settings kept (holidays left out); or the first field the portal
 * refuses. The preview refuses such a row, so the apply does not fail on it.
 */
export function mergedInput(
  imported: ImportedMarket,
  market: MarketRecord | null,
  take?: ReadonlySet<ComparedField>,
): { input: MarketInput } | { invalid: string } {
  const from = (field: ComparedField) => market === null || take!.has(field);
  const own = market?.rule && market.rule.freq !== 'yearly' ? market.rule : null;
  const kept = own && {
    skip_holidays: own.skip_holidays ?? false,
    skip_state_holidays: own.skip_state_holidays ?? false,
    ...(own.holiday_shift ? { holiday_shift: own.holiday_shift } : {}),
  };
  const rule = from('rule') ? imported.rule && { ...kept, ...imported.rule } : market!.rule;
  const raw = {
    ...(market ?? {}),
    ...(market ? { id: market.id, version: market.version } : {}),
    title: from('title') ? imported.title : market!.title,
    type: from('type') ? imported.type : market!.type,
    description: from('description') ? imported.description : market!.description,
    event_location: from('event_location') ? imported.event_location : market!.event_location,
    website: from('website') ? imported.website : market!.website,
    schedule: rule ? 'regular' : 'dates',
    rule,
    date_start: from('date_start') ? (imported.season?.date_start ?? null) : market!.date_start,
    date_end: from('date_end') ? (imported.season?.date_end ?? null) : market!.date_end,
    season_repeats: market?.season_repeats ?? false,
  };
  const parsed = marketInputSchema.safeParse(raw);
  return parsed.success ? { input: parsed.data } : { invalid: String(parsed.error.issues[0]?.path[0] ?? 'title') };
}

/** The merged input, checked in the preview already; a refusal now is the database's changed meanwhile. */
export function inputOf(imported: ImportedMarket, market: MarketRecord | null, take?: ReadonlySet<ComparedField>) {
  const merged = mergedInput(imported, market, take);
  if ('invalid' in merged) throw new ApiError('invalid_request', { [merged.invalid]: 'invalid_request' });
  return merged.input;
}

export function dateInput(marketId: string, date: ImportedDate): MarketDateInput {
  return { ...date, wko_market_id: marketId, status: 'takes_place', type: 'regular', note: '', hidden: false };
}

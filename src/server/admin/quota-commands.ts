import type { OperatorService } from '../services/operator.ts';

/** Issue 15, M6: the operator reads and raises a municipality's limits (through the operator service, issue 22). */
export const QUOTA_USAGE = `  quotas <gkz>                                        a municipality's limits on markets, dates and photos, and its use
  set-quota <gkz> markets|dates-per-market|dates <n>  raise (or lower) one of them
  set-quota <gkz> photo-megabytes <n>                 the megabytes its uploaded photos may take (issue 20)`;

export async function runQuotaCommand(
  operator: OperatorService,
  actor: string,
  command: 'quotas' | 'set-quota',
  args: readonly string[],
): Promise<string[]> {
  const [gkz = '', name = '', value = ''] = args;
  const quotas =
    command === 'set-quota' ? await operator.setQuota(actor, gkz, name, value) : await operator.quotas(gkz);
  return [
    `${gkz}: markets ${quotas.markets} of ${quotas.max_markets}, dates ${quotas.dates} of ${quotas.max_dates}, ` +
      `at most ${quotas.max_dates_per_market} dates per market; ` +
      `photos ${(quotas.photo_bytes / 1_000_000).toFixed(1)} of ${quotas.max_photo_megabytes} MB.`,
  ];
}

import type { Database } from '../db/database.ts';
import { QUOTA_COLUMNS, readQuotas, setQuota, type QuotaName } from '../db/queries/quotas.ts';

/** Issue 15, M6: the operator reads and raises a municipality's limits. */
export const QUOTA_USAGE = `  quotas <gkz>                                        a municipality's limits on markets and dates, and its use
  set-quota <gkz> markets|dates-per-market|dates <n>  raise (or lower) one of them`;

export async function runQuotaCommand(
  db: Database,
  command: 'quotas' | 'set-quota',
  args: readonly string[],
  fail: (message: string) => Error,
): Promise<string[]> {
  const [gkz = '', name = '', value = ''] = args;
  if (command === 'set-quota') {
    if (!Object.hasOwn(QUOTA_COLUMNS, name))
      throw fail(`"${name}" is not a quota: markets, dates-per-market or dates.`);
    if (!/^[1-9]\d{0,8}$/.test(value)) throw fail(`"${value}" is not a whole number above 0.`);
    if (!(await setQuota(db, gkz, name as QuotaName, Number(value))))
      throw fail(`"${gkz}" is not a municipality code (gkz) on file.`);
  }
  const quotas = await readQuotas(db, gkz);
  if (!quotas) throw fail(`"${gkz}" is not a municipality code (gkz) on file.`);
  return [
    `${gkz}: markets ${quotas.markets} of ${quotas.max_markets}, dates ${quotas.dates} of ${quotas.max_dates}, ` +
      `at most ${quotas.max_dates_per_market} dates per market.`,
  ];
}

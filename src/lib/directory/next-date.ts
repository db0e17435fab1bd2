import type { DirectoryDate } from './directory.ts';

/** The next date a market takes place (or may: a pending one), from `today` on; a cancelled one never is. */
export function nextDateOf(dates: readonly DirectoryDate[], today: string): DirectoryDate | null {
  return dates.find((date) => date.date_end >= today && date.status !== 'cancelled') ?? null;
}

/**
 * What a short list says of a market's coming dates (issue 23): its next date, and a cancelled
 * date before it, which a visitor who knows the market's rhythm would otherwise go to in vain.
 * `dates` in order of their days, as the directory keeps them.
 */
export function comingDatesOf(
  dates: readonly DirectoryDate[],
  today: string,
): { next: DirectoryDate | null; cancelledBefore: DirectoryDate | null } {
  const next = nextDateOf(dates, today);
  const cancelledBefore =
    dates.find(
      (date) => date.date_end >= today && date.status === 'cancelled' && (!next || date.date_start < next.date_start),
    ) ?? null;
  return { next, cancelledBefore };
}

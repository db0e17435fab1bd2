import type { MarketDateRecord } from '../market.ts';

/**
 * How a market date's status and type show in the outlets (issue 6): the iCalendar files and the
 * schema.org events of the directory pages say the same thing about the same date.
 */
type MappedDate = Pick<MarketDateRecord, 'status' | 'type' | 'date_start'> & { replaces_date: string | null };

/**
 * The regular day a changed date was moved from, or null: a date changed only in its times
 * replaces its own day, and was not moved.
 */
export function movedFrom(date: MappedDate): string | null {
  return date.type === 'changed' && date.replaces_date && date.replaces_date !== date.date_start
    ? date.replaces_date
    : null;
}

/** iCalendar STATUS: cancelled dates stay in the calendar as cancelled, pending ones are tentative. */
export function icalStatusOf(date: MappedDate): 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE' {
  if (date.status === 'cancelled') return 'CANCELLED';
  return date.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED';
}

/** schema.org eventStatus: a changed date that replaces a regular one is rescheduled from it. */
export function schemaEventStatusOf(date: MappedDate): string {
  if (date.status === 'cancelled') return 'https://schema.org/EventCancelled';
  if (movedFrom(date)) return 'https://schema.org/EventRescheduled';
  return 'https://schema.org/EventScheduled';
}

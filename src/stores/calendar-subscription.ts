import { callApi } from './api-client.ts';

/** Issue 54: the municipality's subscribed calendar and the nightly run's last outcome (docs/api.md, extension). */
export interface CalendarSubscription {
  url: string;
  subscribed_at: string;
  checked_at: string | null;
  outcome: { applied: string[]; waiting: string[]; refused: number; error?: string } | null;
  /** The outcome in a sentence of the page's language. */
  summary: string | null;
  seen: boolean;
}

export function readSubscription(): Promise<CalendarSubscription | null> {
  return callApi('calendar_subscription');
}

export function subscribe(url: string): Promise<CalendarSubscription> {
  return callApi('save_calendar_subscription', { fields: { url } });
}

export async function unsubscribe(): Promise<void> {
  await callApi('delete_calendar_subscription', { fields: {} });
}

export async function markSubscriptionSeen(): Promise<void> {
  await callApi('calendar_subscription_seen', { fields: {} });
}

import { DEFAULT_LOCALE, isLocale } from '../../lib/languages.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { ApiError } from '../api-error.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import {
  deleteSubscription,
  listSubscriptions,
  markSubscriptionSeen,
  readSubscription,
  saveSubscription,
  type CalendarSubscription,
} from '../db/queries/calendar-subscriptions.ts';
import { readClerks } from '../db/queries/campaigns.ts';
import { readInThread } from '../imports/import-reader.ts';
import type { MailContext } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { subscriptionMail } from '../mail/subscription-mail.ts';
import type { CalendarDownload } from './imports.ts';
import { importSubscribedCalendar } from './municipality-imports.ts';

/**
 * Issue 54: a municipality keeps the address of its website's calendar (docs/api.md, extension),
 * and the nightly run imports from it. A clerk gives, changes or ends the address; the outcome of
 * the last run shows on the markets screen until a clerk has seen it.
 */
export function createSubscriptionService({ db, clock }: { db: Database; clock: () => Date }) {
  return {
    read: (user: SessionUser): Promise<CalendarSubscription | null> => readSubscription(db, user.gkz),
    async subscribe(user: SessionUser, url: string): Promise<CalendarSubscription | null> {
      await saveSubscription(db, { gkz: user.gkz, url, userId: user.userId, at: clock() });
      return readSubscription(db, user.gkz);
    },
    end: (user: SessionUser): Promise<void> => deleteSubscription(db, user.gkz),
    seen: (user: SessionUser): Promise<void> => markSubscriptionSeen(db, user.gkz, clock()),
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

/**
 * The nightly run's part: each subscribed calendar fetched (under the rules of a clerk's import),
 * read on its own thread, imported; its clerks are mailed when markets were written, a decision
 * waits, or the calendar could not be read where it could the night before. Answers a line per
 * municipality for the run's report.
 */
export async function importSubscribedCalendars({
  db,
  download,
  mailer,
  context,
  now,
}: {
  db: Database;
  download: CalendarDownload;
  mailer: Mailer;
  context: Omit<MailContext, 'locale'>;
  now: Date;
}): Promise<string[]> {
  const report: string[] = [];
  for (const subscription of await listSubscriptions(db)) {
    const { gkz, url } = subscription;
    const read = await readCalendar(download, url, viennaDay(now));
    const outcome = await db.run(importSubscribedCalendar, { gkz, url, read, now });
    if (!outcome) {
      report.push(`${gkz}: no clerk to import as, or the address changed meanwhile`);
      continue;
    }
    report.push(
      `${gkz}: ${outcome.error ?? `${outcome.applied.length} written, ${outcome.waiting.length} waiting, ${outcome.refused} refused`}`,
    );
    const failedAgain = outcome.error !== undefined && subscription.outcome?.error !== undefined;
    const news = outcome.applied.length > 0 || outcome.waiting.length > 0 || (outcome.error && !failedAgain);
    if (!news) continue;
    const municipality = subscription.municipality;
    for (const clerk of await readClerks(db, [gkz])) {
      const locale = isLocale(clerk.language) ? clerk.language : DEFAULT_LOCALE;
      await mailer.send(subscriptionMail(clerk.email, { municipality, url, outcome }, { ...context, locale }));
    }
  }
  return report;
}

async function readCalendar(download: CalendarDownload, url: string, today: string) {
  const bytes = (await download(url))?.bytes;
  if (!bytes) return { error: 'calendar_unreachable' };
  try {
    return await readInThread(bytes, today);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.code };
    throw error;
  }
}

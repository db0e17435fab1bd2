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
  type SubscriptionOutcome,
} from '../db/queries/calendar-subscriptions.ts';
import { readClerks } from '../db/queries/campaigns.ts';
import type { MailContext } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { subscriptionMail } from '../mail/subscription-mail.ts';
import { readAddress, type CalendarDownload } from './imports.ts';
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
 * read on its own thread, imported. Its clerks are mailed when markets were written, when what
 * waits for a decision is not what waited the night before, and when the calendar could not be
 * read where it could the night before. A calendar that cannot be read is its municipality's
 * outcome; any other failure of one municipality, or of one mail, is a line of the report, never
 * the end of the run (the books come after). Answers a line per municipality.
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
    try {
      const read = await readAddress(download, url, viennaDay(now), gkz).catch((error: unknown) => {
        if (error instanceof ApiError) return { error: error.code };
        throw error;
      });
      const night = await db.run(importSubscribedCalendar, { gkz, url, read, now });
      if ('skipped' in night) {
        report.push(`${gkz}: ${night.skipped === 'ended' ? 'ended meanwhile' : 'no clerk to import as'}`);
        continue;
      }
      const { outcome } = night;
      report.push(
        `${gkz}: ${outcome.error ?? `${outcome.applied.length} written, ${outcome.waiting.length} waiting, ${outcome.refused} refused`}`,
      );
      if (!isNews(outcome, subscription.outcome)) continue;
      for (const clerk of await readClerks(db, [gkz])) {
        const locale = isLocale(clerk.language) ? clerk.language : DEFAULT_LOCALE;
        const mail = subscriptionMail(
          clerk.email,
          { municipality: subscription.municipality, url, outcome },
          { ...context, locale },
        );
        await mailer
          .send(mail)
          .catch((error: unknown) => report.push(`${gkz}: mail to ${clerk.email} failed: ${String(error)}`));
      }
    } catch (error) {
      report.push(`${gkz}: failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return report;
}

/** Whether a night's outcome is worth a mail beside the one before. */
function isNews(outcome: SubscriptionOutcome, before: SubscriptionOutcome | null): boolean {
  if (outcome.error) return !before?.error;
  const waitingBefore = new Set(before?.waiting ?? []);
  return outcome.applied.length > 0 || outcome.waiting.some((title) => !waitingBefore.has(title));
}

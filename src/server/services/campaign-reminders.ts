import { needsReminder } from '../../lib/campaign.ts';
import { DEFAULT_LOCALE, isLocale } from '../../lib/languages.ts';
import type { Database } from '../db/database.ts';
import { claimReminders, readClerks, restoreReminded } from '../db/queries/campaigns.ts';
import { insertOperatorAction } from '../db/queries/operator-actions.ts';
import { campaignReminderMail } from '../mail/campaign-mail.ts';
import type { MailContext } from '../mail/account-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CampaignService } from './campaign.ts';

export interface ReminderOptions {
  /** A municipality is reminded at most once in this many days. */
  intervalDays: number;
  /** At most this many municipalities in one call; the console calls again while some remain. */
  batchSize: number;
  /** At most this many mails a second, so the provider's mail server is not flooded. */
  mailsPerSecond: number;
}

export interface ReminderBatch {
  municipalities: number;
  mails: number;
  failed: number;
  /** Municipalities still due after this batch. */
  remaining: number;
}

/**
 * Reminder mails of the yearly campaign (issue 22): to the clerks of municipalities not done, in
 * each clerk's language, throttled. A municipality is claimed before its mails go out (in one
 * statement, so two runs at once never mail it twice) and given back if none could be sent.
 */
export function createCampaignReminders({
  db,
  clock,
  campaigns,
  mailer,
  context,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
}: {
  db: Database;
  clock: () => Date;
  campaigns: CampaignService;
  mailer: Mailer;
  context: Omit<MailContext, 'locale'>;
  sleep?: (ms: number) => Promise<void>;
}) {
  return {
    async sendBatch(actor: string, options: ReminderOptions): Promise<ReminderBatch> {
      const { campaign, municipalities } = await campaigns.progress();
      const now = clock();
      const dueBefore = now.getTime() - options.intervalDays * 86_400_000;
      const due = municipalities.filter(
        (m) => needsReminder(m.status) && (!m.reminded_at || Date.parse(m.reminded_at) <= dueBefore),
      );
      const batch = due.slice(0, options.batchSize);
      const names = new Map(batch.map((m) => [m.gkz, m.name]));
      const claimed = await claimReminders(
        db,
        campaign.year,
        batch.map((m) => m.gkz),
        now,
        options.intervalDays,
      );
      const clerks = await readClerks(
        db,
        claimed.map((c) => c.gkz),
      );
      const gap = 1000 / options.mailsPerSecond;
      let mails = 0;
      let failed = 0;
      let last = 0;
      for (const { gkz, before } of claimed) {
        let sent = 0;
        let lost = 0;
        for (const clerk of clerks.filter((c) => c.gkz === gkz)) {
          const wait = last + gap - performance.now();
          if (wait > 0) await sleep(wait);
          last = performance.now();
          const locale = isLocale(clerk.language) ? clerk.language : DEFAULT_LOCALE;
          const mail = campaignReminderMail(
            clerk.email,
            { year: campaign.year, deadline: campaign.deadline, municipality: names.get(gkz) ?? gkz },
            { ...context, locale },
          );
          try {
            await mailer.send(mail);
            sent += 1;
          } catch (error) {
            lost += 1;
            console.error(`Campaign reminder to ${clerk.email} failed:`, error);
          }
        }
        mails += sent;
        failed += lost;
        // Every mail to it failed: it stays due, for the next run.
        if (lost > 0 && sent === 0) await restoreReminded(db, campaign.year, gkz, before);
      }
      await insertOperatorAction(db, {
        at: now,
        actor,
        action: 'send_reminders',
        gkz: null,
        email: null,
        details: { year: campaign.year, municipalities: claimed.length, mails, failed },
      });
      return { municipalities: claimed.length, mails, failed, remaining: due.length - batch.length };
    },
  };
}

export type CampaignReminders = ReturnType<typeof createCampaignReminders>;

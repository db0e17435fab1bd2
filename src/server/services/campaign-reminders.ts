import { needsReminder } from '../../lib/campaign.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../lib/languages.ts';
import type { Database } from '../db/database.ts';
import { claimReminders, readClerks, restoreReminded, type CampaignRow } from '../db/queries/campaigns.ts';
import { insertOperatorAction } from '../db/queries/operator-actions.ts';
import { campaignReminderMail } from '../mail/campaign-mail.ts';
import type { MailContext } from '../mail/account-mails.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import type { CampaignService } from './campaign.ts';

export interface ReminderOptions {
  /** A municipality is reminded at most once in this many days. */
  intervalDays: number;
  /** At most this many municipalities in one call; the console calls again while some remain. */
  batchSize: number;
  /** At most this many mails a second, so the provider's mail server is not flooded. */
  mailsPerSecond: number;
}

export interface ReminderPreview {
  /** Municipalities due for a reminder. */
  municipalities: number;
  /** Of those, the ones with a clerk to write to. */
  reached: number;
  /** Mails that would go out: one per clerk. */
  recipients: number;
  /** The mail in each language a recipient reads, with how many read it. */
  mails: { locale: Locale; recipients: number; subject: string; text: string }[];
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
  /** The running campaign and its municipalities due for a reminder now. */
  const dueNow = async (intervalDays: number) => {
    await campaigns.running(); // none for a closed campaign
    const { campaign, municipalities } = await campaigns.progress();
    const now = clock();
    const dueBefore = now.getTime() - intervalDays * 86_400_000;
    const due = municipalities.filter(
      (m) => needsReminder(m.status) && (!m.reminded_at || Date.parse(m.reminded_at) <= dueBefore),
    );
    return { campaign, due, now };
  };
  const mailOf = (campaign: CampaignRow, clerk: { email: string; language: string }, municipality: string) => {
    const locale = isLocale(clerk.language) ? clerk.language : DEFAULT_LOCALE;
    const facts = { year: campaign.year, deadline: campaign.deadline, municipality };
    return { locale, mail: campaignReminderMail(clerk.email, facts, { ...context, locale }) };
  };

  return {
    /**
     * Who the reminders would go to now, and the mail in each of their languages (issue 55: the
     * console asks before sending), with the first such clerk's municipality as the example.
     */
    async preview(intervalDays: number): Promise<ReminderPreview> {
      const { campaign, due } = await dueNow(intervalDays);
      const names = new Map(due.map((m) => [m.gkz, m.name]));
      const clerks = await readClerks(db, [...names.keys()]);
      const mails = new Map<Locale, ReminderPreview['mails'][number]>();
      for (const clerk of clerks) {
        const { locale, mail } = mailOf(campaign, clerk, names.get(clerk.gkz) ?? clerk.gkz);
        const known = mails.get(locale);
        if (known) known.recipients += 1;
        else mails.set(locale, { locale, recipients: 1, subject: mail.subject, text: mail.text });
      }
      const reached = new Set(clerks.map((clerk) => clerk.gkz));
      return {
        municipalities: due.length,
        reached: reached.size,
        recipients: clerks.length,
        mails: LOCALES.flatMap((locale) => mails.get(locale) ?? []),
      };
    },

    async sendBatch(actor: string, options: ReminderOptions): Promise<ReminderBatch> {
      const { campaign, due, now } = await dueNow(options.intervalDays);
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
      const outcome = await sendThrottled(
        claimed.flatMap(({ gkz }) =>
          clerks
            .filter((clerk) => clerk.gkz === gkz)
            .map((clerk) => ({ gkz, mail: mailOf(campaign, clerk, names.get(gkz) ?? gkz).mail })),
        ),
        mailer,
        options.mailsPerSecond,
        sleep,
      );
      for (const { gkz, before } of claimed) {
        // Every mail to it failed: it stays due, for the next run.
        if ((outcome.lost.get(gkz) ?? 0) > 0 && (outcome.sent.get(gkz) ?? 0) === 0)
          await restoreReminded(db, campaign.year, gkz, before);
      }
      const mails = [...outcome.sent.values()].reduce((sum, n) => sum + n, 0);
      const failed = [...outcome.lost.values()].reduce((sum, n) => sum + n, 0);
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

/** Mails in flight at once: a few connections hide the mail server's round trips. */
const IN_FLIGHT = 4;

/** Sends the mails, at most `perSecond` started a second, a few at a time; counts sent and lost per municipality. */
async function sendThrottled(
  mails: readonly { gkz: string; mail: Mail }[],
  mailer: Mailer,
  perSecond: number,
  sleep: (ms: number) => Promise<void>,
): Promise<{ sent: Map<string, number>; lost: Map<string, number> }> {
  const sent = new Map<string, number>();
  const lost = new Map<string, number>();
  const gap = 1000 / perSecond;
  let nextStart = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < mails.length) {
      const { gkz, mail } = mails[next]!;
      next += 1;
      const slot = nextStart;
      nextStart = Math.max(nextStart, performance.now()) + gap;
      const wait = slot - performance.now();
      if (wait > 0) await sleep(wait);
      try {
        await mailer.send(mail);
        sent.set(gkz, (sent.get(gkz) ?? 0) + 1);
      } catch (error) {
        lost.set(gkz, (lost.get(gkz) ?? 0) + 1);
        console.error(`Campaign reminder to ${mail.to} failed:`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, mails.length) }, worker));
  return { sent, lost };
}

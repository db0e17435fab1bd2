import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { createCampaignReminders } from '../../src/server/services/campaign-reminders.ts';
import { createCampaignService } from '../../src/server/services/campaign.ts';
import { GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 22: reminder mails go only to municipalities not done, at most once per interval, through real SMTP. */
let server: TestServer;
let smtp: SMTPServer;
const received: string[] = [];
const now = { at: new Date('2026-11-24T08:00:00Z') };
let reminders: ReturnType<typeof createCampaignReminders>;
const OPTIONS = { intervalDays: 7, batchSize: 100, mailsPerSecond: 1000 };

beforeAll(async () => {
  server = await startTestServer();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
  const clock = () => now.at;
  const campaigns = createCampaignService({ db: server.db, clock });
  const context = { baseUrl: 'https://maerkte.example', siteTitle: 'MVZ', providerName: 'Marktverzeichnis' };
  reminders = createCampaignReminders({ db: server.db, clock, campaigns, mailer, context });
  await campaigns.open('ops@provider.example', 2027, '2027-01-15');
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await server.close();
});

const recipients = async (from: number) => Promise.all(received.slice(from).map(async (raw) => simpleParser(raw)));

describe('campaign reminders', () => {
  it('mail the clerks of municipalities not yet done, in each clerk’s language, once per interval', async () => {
    const english = await loggedInUser(server.db, GKZ_A);
    await server.db.query(`UPDATE users SET language = 'en' WHERE email = $1`, [english.email]);
    const done = await loggedInUser(server.db, GKZ_B);
    // Krems confirmed everything (it has no markets), Hartberg has not; the others have no account.
    await server.db.query(`INSERT INTO campaign_municipalities (year, gkz, confirmed_at) VALUES (2027, $1, now())`, [
      GKZ_B,
    ]);

    // Issue 55: before sending, who would get it and the mail in their language; nothing is sent.
    const preview = await reminders.preview(OPTIONS.intervalDays);
    expect(preview).toMatchObject({ municipalities: 1, reached: 1, recipients: 1 });
    expect(preview.mails).toEqual([
      {
        locale: 'en',
        recipients: 1,
        subject: 'Please check your markets for 2027 by 15 January 2027',
        text: expect.stringContaining('Hartberg') as string,
      },
    ]);
    expect(received).toHaveLength(0);

    const first = await reminders.sendBatch('ops@provider.example', OPTIONS);
    expect(first).toEqual({ municipalities: 1, mails: 1, failed: 0, remaining: 0 });
    const [mail] = await recipients(0);
    expect(received).toHaveLength(1);
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe(english.email);
    expect(mail!.subject).toBe('Please check your markets for 2027 by 15 January 2027');
    expect(mail!.text).toContain('https://maerkte.example/en/maerkte');
    expect(received.join('\n')).not.toContain(done.email);

    // Within the interval: nobody again, also not from a second run at the same time.
    now.at = new Date('2026-11-30T08:00:00Z');
    const again = await Promise.all([
      reminders.sendBatch('ops@provider.example', OPTIONS),
      reminders.sendBatch('ops@provider.example', OPTIONS),
    ]);
    expect(again.map((batch) => batch.mails)).toEqual([0, 0]);
    expect(received).toHaveLength(1);

    // After it, again; and two runs at once still mail once.
    now.at = new Date('2026-12-01T08:00:01Z');
    const later = await Promise.all([
      reminders.sendBatch('ops@provider.example', OPTIONS),
      reminders.sendBatch('ops@provider.example', OPTIONS),
    ]);
    expect(later.map((batch) => batch.mails).sort()).toEqual([0, 1]);
    expect(received).toHaveLength(2);
  });

  it('send German to a German clerk and write each run to the audit log', async () => {
    await server.db.query(`DELETE FROM campaign_municipalities WHERE gkz = $1`, [GKZ_A]);
    await server.db.query(`UPDATE users SET language = 'de' WHERE gkz = $1`, [GKZ_A]);
    const from = received.length;
    await reminders.sendBatch('ops@provider.example', OPTIONS);
    const [mail] = await recipients(from);
    expect(mail!.subject).toBe('Bitte prüfen Sie Ihre Märkte für 2027 bis 15. Jänner 2027');
    const log = await server.db.query<{ actor: string; details: { mails: number } }>(
      `SELECT actor, details FROM operator_actions WHERE action = 'send_reminders' ORDER BY id`,
    );
    // Six runs; the two pairs ran at once, in either order.
    expect(log).toHaveLength(6);
    expect(log.reduce((sum, entry) => sum + entry.details.mails, 0)).toBe(3);
    expect(log.every((entry) => entry.actor === 'ops@provider.example')).toBe(true);
  });
});

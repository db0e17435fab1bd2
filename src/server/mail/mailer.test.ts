import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { accountMail } from './account-mails.ts';
import { createMailer } from './mailer.ts';

const context = {
  locale: 'de' as const,
  baseUrl: 'https://maerkte.example',
  siteTitle: 'MVZ',
  providerName: 'Marktverzeichnis',
};

describe('mail through a real SMTP server on loopback', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
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
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers the confirmation mail as text and HTML, in German, with the link', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'hilfe@maerkte.example' });
    await createMailer(config).send(accountMail('confirm', 'marktamt@hartberg.example', 'TOKEN123', context));
    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.from?.text).toContain('hilfe@maerkte.example');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('marktamt@hartberg.example');
    expect(mail.text).toContain('innerhalb von 24 Stunden');
    expect(mail.text).toContain('https://maerkte.example/anmelden/TOKEN123');
    expect(mail.html).toContain('href="https://maerkte.example/anmelden/TOKEN123"');
  });
});

describe('mail without SMTP', () => {
  it('writes an .eml file to DATA_DIR/outbox and logs where, without the token (issue 15, L4)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await createMailer(loadConfig({ DATA_DIR: dataDir })).send(
      accountMail('reset', 'a@b.at', 'T0K', { ...context, locale: 'fr' }),
    );
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(path.join(dataDir, 'outbox', files[0]!)));
    expect(mail.subject).toBe('Définir un nouveau mot de passe');
    expect(mail.text).toContain('https://maerkte.example/fr/anmelden/T0K');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('https://maerkte.example/fr/anmelden/…'));
    expect(log).not.toHaveBeenCalledWith(expect.stringContaining('T0K'));
  });
});

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../file-modes.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, printed to the log when mail goes to the outbox. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A mailed link with its token left out, for logs. */
export function redactLink(link: string): string {
  return link.replace(/(\/anmelden\/)[^/?#\s]+/, '$1…');
}

/**
 * SMTP_URL set: real SMTP. Unset: each mail is written as an .eml file to DATA_DIR/outbox, so a
 * newcomer can finish a registration without a mail server; the log names the file.
 */
export function createMailer(config: Config, { pooled = false }: { pooled?: boolean } = {}): Mailer {
  const from = { name: config.PROVIDER_NAME, address: config.SUPPORT_EMAIL };
  if (config.SMTP_URL) {
    // Issue 22: the campaign's reminders keep a few connections open for their thousands of
    // mails; an account mail, one now and then, opens its own.
    const transport = nodemailer.createTransport(
      pooled ? { url: config.SMTP_URL, pool: true, maxConnections: 4 } : config.SMTP_URL,
    );
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html });
      },
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      // The mails hold live links: their owner's alone (issue 15, M10), whatever the umask.
      await mkdir(outbox, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      // Issue 15, L4: the log shows where the link is, not the token, which would open the account to its readers.
      console.log(`Mail to ${to} written to ${file}: ${redactLink(link)}`);
    },
  };
}

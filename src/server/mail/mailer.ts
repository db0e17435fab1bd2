import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

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

/**
 * SMTP_URL set: real SMTP. Unset: each mail is written as an .eml file to DATA_DIR/outbox and
 * its link printed, so a newcomer can finish a registration without a mail server.
 */
export function createMailer(config: Config): Mailer {
  const from = { name: config.PROVIDER_NAME, address: config.SUPPORT_EMAIL };
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
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
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      console.log(`Mail to ${to} written to ${file}: ${link}`);
    },
  };
}

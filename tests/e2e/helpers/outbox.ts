import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** The mails this worker's portal wrote to DATA_DIR/outbox (no SMTP_URL in the tests), as a user's mailbox (helpers/portal.ts). */
const outbox = () => path.join(process.env['E2E_DATA_DIR'] ?? '', 'outbox');

/** The link of the newest mail to an address with that subject, waiting briefly for it to be written. */
export async function linkFromMail(to: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = await newestLink(to, subject);
      return link;
    })
    .toBeDefined();
  return link!;
}

/**
 * The subject of the newest mail to an address written since `since` (ms), waiting briefly for it:
 * issue 49, `register` answers alike, and only its mail says whether the address had an account.
 */
export async function subjectOfMailSince(to: string, since: number): Promise<string> {
  let subject: string | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(outbox()).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
      for (const file of files.reverse()) {
        if ((await stat(path.join(outbox(), file))).mtimeMs < since) break;
        const mail = await simpleParser(await readFile(path.join(outbox(), file)));
        if (mail.to && !Array.isArray(mail.to) && mail.to.text === to) return (subject = mail.subject);
      }
      return undefined;
    })
    .toBeDefined();
  return subject!;
}

async function newestLink(to: string, subject: string): Promise<string | undefined> {
  const files = (await readdir(outbox()).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const mail = await simpleParser(await readFile(path.join(outbox(), file)));
    if (mail.subject === subject && mail.to && !Array.isArray(mail.to) && mail.to.text === to) {
      return /https?:\/\/\S+\/anmelden\/\S+/.exec(mail.text ?? '')?.[0];
    }
  }
  return undefined;
}

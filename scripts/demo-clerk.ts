import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/**
 * The scripts' demo clerk on a portal they started with DATA_DIR `dataDir`: registered, its
 * address confirmed from the outbox mail (issue 49: a registration is an account only once its
 * mailbox is proven), logged in. Answers the session's `Cookie` header.
 */
export async function registerDemoClerk(
  base: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<string> {
  const form = new URLSearchParams({ email, password, password_repeat: password, lang: 'de' });
  const registered = await fetch(`${base}/api/register`, { method: 'POST', body: form });
  const browser = cookieOf(registered, 'registration');
  if (registered.status !== 202 || !browser)
    throw new Error(`Registering the demo clerk answered ${registered.status}.`);
  const token = (await newestMailLink(dataDir)).split('/anmelden/')[1] ?? '';
  const confirmed = await fetch(`${base}/api/confirm_email`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
    headers: { cookie: browser },
  });
  const session = cookieOf(confirmed, 'session');
  if (!confirmed.ok || !session) throw new Error(`Confirming the demo clerk answered ${confirmed.status}.`);
  return session;
}

function cookieOf(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));
}

/** The link of the newest mail in the portal's outbox, waiting a few seconds for it. */
export async function newestMailLink(dataDir: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
    const newest = files.at(-1);
    if (newest) {
      const mail = await simpleParser(await readFile(join(outbox, newest)));
      const link = /https?:\/\/\S+\/anmelden\/\S+/.exec(mail.text ?? '')?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('No confirmation mail in the outbox.');
}

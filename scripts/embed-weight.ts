import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { DEMO_GKZ } from '../src/server/demo/demo-data.ts';

/** Issue 23, accept 3: the embedded list is weighed for a municipality with ten markets. */
export const EMBED_MARKETS = 10;
export const EMBED_PATH = `/einbetten/${DEMO_GKZ}`;

/**
 * Brings the demo municipality (six public markets) to ten, through the API as a clerk would, and
 * waits until the list shows them. Writing needs a confirmed address: the link is in the mail the
 * registration wrote to DATA_DIR/outbox.
 */
export async function tenMarketsInTheList(base: string, session: string, dataDir: string): Promise<void> {
  const outbox = join(dataDir, 'outbox');
  const mails = (await readdir(outbox)).filter((file) => file.endsWith('.eml')).sort();
  const mail = await simpleParser(await readFile(join(outbox, mails.at(-1) ?? '')));
  const token = /\/anmelden\/([\w-]+)/.exec(mail.text ?? '')?.[1];
  const post = (name: string, body: object) =>
    fetch(`${base}/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: session },
      body: JSON.stringify(body),
    });
  const confirmed = await post('confirm_email', { token });
  if (confirmed.status !== 200) throw new Error(`Confirming the demo account answered ${confirmed.status}.`);

  const listed = async () => ((await (await fetch(base + EMBED_PATH)).text()).match(/<li>/g) ?? []).length;
  const year = new Date().getFullYear() + 1;
  for (let n = await listed(); n < EMBED_MARKETS; n += 1) {
    const day = `${year}-09-${String(n + 1).padStart(2, '0')}`;
    const saved = await post('save_market', {
      title: `Gewichtsmarkt ${n + 1} am Hauptplatz`,
      type: 'gelegenheitsmarkt',
      schedule: 'dates',
      location: 'Hauptplatz',
      description: 'Ein Markt, damit die Gemeinde zehn hat: regionale Waren, Musik und Kulinarik.',
      first_date: { date_start: day, date_end: day, time_from: '09:00', time_to: '17:00' },
    });
    if (saved.status !== 200) throw new Error(`Saving a market answered ${saved.status}.`);
  }
  // Published about two seconds after the last save (decision 0012).
  const until = Date.now() + 60_000;
  while ((await listed()) < EMBED_MARKETS) {
    if (Date.now() > until) throw new Error(`${EMBED_PATH} does not list ${EMBED_MARKETS} markets after a minute.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { hashToken, SESSION_COOKIE } from '../src/server/auth/sessions.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { AUSTRIA, generateMarkets } from '../src/server/demo/austria-scale.ts';
import { startServer } from '../src/server/http/server.ts';
import { importBundledMasterDataIfEmpty } from '../src/server/master-data/import.ts';

/**
 * `node bench/operator.ts` (part of `npm run bench`): issue 22's budgets at Austria scale — every
 * municipality with a clerk, 6,000 markets, a third of the municipalities confirmed:
 * - the console's progress view (GET /api/operator/campaign) answers in under 300 ms;
 * - the reminder run for all municipalities not done finishes within a minute against a
 *   loopback SMTP server (the console's batches of 500, throttled as in production).
 * Prints the figures and exits 1 when one is over its budget.
 */
const BUDGETS = { progressMs: 300, reminderSeconds: 60 };

const benchFolder = fileURLToPath(new URL('../.bench/', import.meta.url));
await mkdir(benchFolder, { recursive: true });
const work = await mkdtemp(join(benchFolder, 'operator-'));
const over: string[] = [];
const check = (what: string, value: number, budget: number, unit: string) => {
  const ok = value < budget;
  if (!ok) over.push(what);
  return `${value.toFixed(1)} ${unit} (budget < ${budget} ${unit}: ${ok ? 'OK' : 'OVER'})`;
};

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // The portal's pooled reminder connections stay open; closing need not wait for them.
  closeTimeout: 500,
  onData(stream, _session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

const dataDir = join(work, 'data');
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  PORT: '0',
  HOST: '127.0.0.1',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
});
const db = await openDatabase({ dataDir });
try {
  await importBundledMasterDataIfEmpty(db);
  const year = new Date().getFullYear();
  const made = await generateMarkets(db, { ...AUSTRIA, year });
  // A confirmed clerk in every municipality, in the three languages; an operator with a session.
  await db.query(
    `INSERT INTO allowed_emails (email, gkz) SELECT 'marktamt@' || gkz || '.gemeinde.example', gkz FROM municipalities`,
  );
  await db.query(
    `INSERT INTO users (id, email, password_hash, gkz, language, email_confirmed_at)
     SELECT gen_random_uuid(), 'marktamt@' || gkz || '.gemeinde.example', 'x', gkz,
       (ARRAY['de', 'de', 'de', 'en', 'fr'])[1 + (gkz::int % 5)], now() FROM municipalities`,
  );
  const token = randomBytes(32).toString('base64url');
  await db.query(`UPDATE users SET operator_since = now() WHERE email = 'marktamt@62219.gemeinde.example'`);
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     SELECT $1, id, now() + interval '1 hour' FROM users WHERE email = 'marktamt@62219.gemeinde.example'`,
    [hashToken(token)],
  );
  const server = await startServer({ config, db });
  const call = (method: string, path: string, body?: unknown) =>
    fetch(new URL(path, server.url), {
      method,
      headers: { Cookie: `${SESSION_COOKIE}=${token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  try {
    await call('POST', '/api/operator/campaign', { year: year + 1, deadline: `${year + 1}-01-15` });
    // A third of the municipalities confirmed everything.
    await db.query(
      `INSERT INTO campaign_confirmations (year, market_id, gkz, state, confirmed_at, confirmed_by)
       SELECT $1, id, gkz, 'confirmed', now(), 'bench' FROM markets WHERE gkz::int % 3 = 0`,
      [year + 1],
    );
    await db.query(
      `INSERT INTO campaign_municipalities (year, gkz, confirmed_at) SELECT $1, gkz, now() FROM municipalities WHERE gkz::int % 3 = 0`,
      [year + 1],
    );
    const times: number[] = [];
    let counts = '';
    for (let run = 0; run < 21; run += 1) {
      const started = performance.now();
      const answer = (await (await call('GET', '/api/operator/campaign')).json()) as {
        data: { totals: Record<string, number>; municipalities: unknown[] };
      };
      times.push(performance.now() - started);
      counts = `${answer.data.municipalities.length} municipalities, ${JSON.stringify(answer.data.totals)}`;
    }
    const sorted = times.slice(1).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1]!;
    const slowest = sorted.at(-1)!;
    console.log(`Data: ${made.markets} markets, ${made.dates} dates; progress: ${counts}`);
    console.log(
      `Progress view (GET /api/operator/campaign), first ${times[0]!.toFixed(0)} ms, then median ${check('progress view (median)', median, BUDGETS.progressMs, 'ms')}, p95 ${p95.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`,
    );

    const started = performance.now();
    let batches = 0;
    let mails = 0;
    for (;;) {
      const answer = (await (await call('POST', '/api/operator/campaign/reminders', { batch_size: 500 })).json()) as {
        data: { mails: number; remaining: number };
      };
      batches += 1;
      mails += answer.data.mails;
      if (answer.data.remaining === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Reminder run: ${mails} mails in ${batches} batches, ${received} received by the loopback SMTP server, ` +
        check('reminder run', seconds, BUDGETS.reminderSeconds, 's'),
    );
    const again = (await (await call('POST', '/api/operator/campaign/reminders', { batch_size: 500 })).json()) as {
      data: { mails: number };
    };
    console.log(`A second run at once sends ${again.data.mails} mails (never twice within the interval).`);
  } finally {
    await server.close();
  }
} finally {
  await db.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
}
if (over.length > 0) console.error(`Over budget: ${over.join(', ')}`);
// The reminders' pooled SMTP connections would keep the process waiting for their idle timeout.
process.exit(over.length > 0 ? 1 : 0);

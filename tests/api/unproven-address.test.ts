import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 49: an address not proven sees nothing that is not published, a stranger who registered
 * an address first cannot shut its owner out, and `register` tells nobody what is on file. Behind
 * a proxy (TRUST_PROXY), so that a stranger may come from several networks.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  text: string;
  headers: Headers;
  /** `name=value` of each cookie set. */
  cookies: string[];
}
async function call(
  path: string,
  { fields, cookie, from }: { fields?: object; cookie?: string; from?: string } = {},
): Promise<Answer> {
  const response = await server.fetch(`/api/${path}`, {
    method: fields ? 'POST' : 'GET',
    ...(fields ? { body: JSON.stringify(fields) } : {}),
    headers: {
      ...(fields ? { 'Content-Type': 'application/json' } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...(from ? { 'X-Forwarded-For': from } : {}),
    },
  });
  return {
    status: response.status,
    text: await response.text(),
    headers: response.headers,
    cookies: response.headers.getSetCookie().map((line) => line.split(';')[0]!),
  };
}
const codeOf = (answer: Answer) => (JSON.parse(answer.text) as { error?: { code: string } }).error?.code;
const cookieOf = (answer: Answer, name: string) => answer.cookies.find((cookie) => cookie.startsWith(`${name}=`));
const tokenOf = (link: string | undefined) => link?.split('/anmelden/')[1] ?? '';
const mailsTo = (email: string) => server.mails.filter((mail) => mail.to === email);

const STRANGER = 'Fremdes-Passwort-2027';
const OWNER = 'Eigenes-Passwort-2027';
const register = (email: string, password: string, lang = 'de', from?: string) =>
  call(`register?lang=${lang}`, { fields: { email, password, password_repeat: password }, ...(from ? { from } : {}) });
/** The mailbox's holder opens a link elsewhere and chooses the account's password. */
const choosing = (token: string, password: string) => ({ fields: { token, password, password_repeat: password } });
async function allowedAddress(): Promise<string> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  return email;
}
const KIRTAG = {
  title: 'Kirtag am Hauptplatz',
  type: 'kirtag',
  schedule: 'dates',
  location: 'Hartberg',
  first_date: { date_start: '2027-06-05', date_end: '2027-06-05' },
};

describe('a session whose address is not confirmed', () => {
  it('sees its municipality and the published content, but no hidden record, no history, no other address', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    const unproven = await loggedInUser(server.db, GKZ_A, { confirmed: false });
    const saved = await call('save_market', { fields: KIRTAG, cookie: clerk.cookie });
    expect(saved.status).toBe(200);
    const published = Object.keys(
      (JSON.parse(saved.text) as { data: { wko_markets: { 2: object } } }).data.wko_markets[2],
    )[0]!;
    const hiddenMarket = (await addMarket(server.db, GKZ_A, { title: 'Noch geheim', hidden: true })).market;
    const hiddenDate = (await addMarket(server.db, GKZ_A, { title: 'Mit geheimem Termin' }, [{}, { hidden: true }]))
      .dates[1]!;
    await server.db.query(
      `INSERT INTO campaigns (year, deadline, opened_at, opened_by) VALUES (2027, '2027-01-15', now(), 'test')`,
    );

    const stops = await call('get_content_stops/1?include_hidden_records=1', { cookie: unproven.cookie });
    const dates = await call('get_content/1?include_hidden_records=1', { cookie: unproven.cookie });
    expect([stops.status, dates.status]).toEqual([200, 200]);
    expect(stops.text).toContain(published);
    expect(stops.text).not.toContain(hiddenMarket.id);
    expect(dates.text).not.toContain(hiddenDate.id);
    expect(dates.text).not.toContain(hiddenMarket.id);
    const history = await call(`get_market_history/${published}`, { cookie: unproven.cookie });
    expect([history.status, codeOf(history)]).toEqual([403, 'email_not_confirmed']);
    const campaign = await call('campaign', { cookie: unproven.cookie });
    expect(campaign.status).toBe(200);
    expect(campaign.text).toContain(published);
    expect(campaign.text).not.toContain(hiddenMarket.id);
    const account = await call('get_account', { cookie: unproven.cookie });
    expect(JSON.parse(account.text)).toMatchObject({
      data: { email: unproven.email, email_confirmed: false, municipality: { gkz: GKZ_A, name: 'Hartberg' } },
    });
    for (const answer of [stops, dates, history, campaign, account]) expect(answer.text).not.toContain(clerk.email);

    // The confirmed clerk of the same municipality sees all of it.
    const own = await call('get_content_stops/1?include_hidden_records=1', { cookie: clerk.cookie });
    expect(own.text).toContain(hiddenMarket.id);
    expect((await call(`get_market_history/${published}`, { cookie: clerk.cookie })).text).toContain(clerk.email);
  });
});

describe('a stranger who registered an address first', () => {
  it('does not shut its owner out: the first to prove the mailbox gets the account, and edits', async () => {
    const email = await allowedAddress();
    const stranger = await register(email, STRANGER);
    const strangerToken = tokenOf(mailsTo(email).at(-1)?.link);
    const owner = await register(email, OWNER);
    expect(owner.status).toBe(stranger.status);
    const ownerToken = tokenOf(mailsTo(email).at(-1)?.link);
    expect(ownerToken).not.toBe(strangerToken);

    // The owner's own link, in the browser that registered: confirmed and logged in.
    const confirmed = await call('confirm_email', {
      fields: { token: ownerToken },
      cookie: cookieOf(owner, 'registration')!,
    });
    expect(confirmed.status).toBe(200);
    const session = cookieOf(confirmed, 'session')!;
    expect(JSON.parse((await call('get_account', { cookie: session })).text)).toMatchObject({
      data: { email, email_confirmed: true },
    });
    expect((await call('save_market', { fields: KIRTAG, cookie: session })).status).toBe(200);

    // The stranger's registration lapsed: its link opens nothing, in the stranger's browser or with a password.
    const late = await call('confirm_email', {
      fields: { token: strangerToken },
      cookie: cookieOf(stranger, 'registration')!,
    });
    expect([codeOf(late), late.cookies]).toEqual(['invalid_token', []]);
    expect(codeOf(await call('confirm_email', choosing(strangerToken, STRANGER)))).toBe('invalid_token');
    expect(codeOf(await call('login', { fields: { email, password: STRANGER } }))).toBe('wrong_password');
  });

  it('does not shut its owner out by using up the mails: any mailed link lets the owner choose the password', async () => {
    const email = await allowedAddress();
    // Ten registrations, from ten networks (three mails per address and network), use up the address's mails.
    const strangers = [];
    for (let n = 1; n <= 10; n++) strangers.push(await register(email, STRANGER, 'de', `198.51.100.${n}`));
    expect(strangers.map((answer) => answer.status)).toEqual(Array<number>(10).fill(202));
    const links = mailsTo(email).map((mail) => tokenOf(mail.link));
    expect(links).toHaveLength(10);
    // The owner's own register now sends nothing, yet answers alike.
    const own = await register(email, OWNER, 'de', '203.0.113.7');
    expect(own.status).toBe(202);
    expect(mailsTo(email)).toHaveLength(10);

    // One of the links the stranger caused, opened by the owner in a fresh client: the owner chooses the password.
    const confirmed = await call('confirm_email', { ...choosing(links[3]!, OWNER), from: '203.0.113.7' });
    expect(confirmed.status).toBe(200);
    const session = cookieOf(confirmed, 'session')!;
    expect(JSON.parse((await call('get_account', { cookie: session })).text)).toMatchObject({
      data: { email, email_confirmed: true },
    });
    expect((await call('save_market', { fields: KIRTAG, cookie: session })).status).toBe(200);
    expect((await call('login', { fields: { email, password: OWNER } })).status).toBe(200);
    expect(codeOf(await call('login', { fields: { email, password: STRANGER } }))).toBe('wrong_password');

    // The stranger's browsers confirm nothing now: no link of theirs gives a session.
    for (const [n, token] of links.entries()) {
      const answer = await call('confirm_email', {
        fields: { token },
        cookie: cookieOf(strangers[n]!, 'registration')!,
      });
      expect(cookieOf(answer, 'session')).toBeUndefined();
      expect(answer.status === 200 ? 'already confirmed' : codeOf(answer)).toBe(
        n === 3 ? 'already confirmed' : 'invalid_token',
      );
    }
  });

  it('ends the sessions of an unconfirmed account of the address once its owner confirms', async () => {
    const unproven = await loggedInUser(server.db, GKZ_A, { confirmed: false });
    const owner = await register(unproven.email, OWNER);
    expect(owner.status).toBeLessThan(300);
    const token = tokenOf(mailsTo(unproven.email).at(-1)?.link);
    // Opened elsewhere, the link asks the mailbox's holder to choose the password.
    const alone = await call('confirm_email', { fields: { token } });
    expect([alone.status, codeOf(alone)]).toEqual([401, 'not_logged_in']);
    expect((await call('confirm_email', choosing(token, OWNER))).status).toBe(200);
    expect((await call('get_account', { cookie: unproven.cookie })).status).toBe(401);
    expect((await call('login', { fields: { email: unproven.email, password: OWNER } })).status).toBe(200);
  });
});

describe('register', () => {
  it('answers alike for an address on the list, two off it, one with an account and one waiting', async () => {
    const fresh = await allowedAddress();
    const confirmed = (await loggedInUser(server.db, GKZ_A)).email;
    // A typo at a listed municipality's domain, and an address at a domain nobody on the list has.
    const offList = `vertippt-${randomUUID().slice(0, 8)}@gemeinde.example`;
    const elsewhere = `fremd-${randomUUID().slice(0, 8)}@example.org`;
    const users = async () => (await server.db.query('SELECT 1 FROM users')).length;
    const usersBefore = await users();
    const answers = [];
    for (const email of [fresh, offList, elsewhere, confirmed, fresh]) answers.push(await register(email, OWNER, 'en'));

    const shape = (answer: Answer) => ({
      status: answer.status,
      text: answer.text,
      headers: [...answer.headers.entries()]
        .filter(([name]) => name !== 'date')
        .map(([name, value]) => [name, name === 'set-cookie' ? value.replace(/=[^;]*/, '=…') : value]),
    });
    for (const answer of answers.slice(1)) expect(shape(answer)).toEqual(shape(answers[0]!));
    expect(answers[0]!.status).toBe(202);
    expect(cookieOf(answers[0]!, 'session')).toBeUndefined();
    expect(await users()).toBe(usersBefore);

    // What differs goes to the mailbox: one mail each.
    expect(mailsTo(fresh).map((mail) => mail.subject)).toEqual([
      'Please confirm your e-mail address',
      'Please confirm your e-mail address',
    ]);
    const [notOnFile] = mailsTo(offList);
    expect(mailsTo(offList)).toHaveLength(1);
    expect(notOnFile!.text).toContain('kontakt@marktverzeichnis.example');
    expect(notOnFile!.text).not.toMatch(/anmelden\/\S/);
    // The portal mails no address at a domain nobody on the list has.
    expect(mailsTo(elsewhere)).toHaveLength(0);
    const [hasAccount] = mailsTo(confirmed);
    expect(mailsTo(confirmed)).toHaveLength(1);
    expect(hasAccount!.text).toContain('http://portal.test/en/anmelden');
    expect(hasAccount!.text).not.toMatch(/anmelden\/\S/);
    expect(hasAccount!.text).toMatch(/Forgot your password/);
  });
});

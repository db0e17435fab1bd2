import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { linkFromMail, subjectOfMailSince } from './outbox.ts';

/** The demo account of the seeded database; registered by whichever test needs it first. */
export const DEMO = { email: 'marktamt@hartberg.example', password: 'Demo-Passwort-2027' };

/** One session for all tests of the worker, so the login rate limit (10 per address in 15 minutes) is never reached. */
let session: Cookie[] | undefined;
/** Registered once per worker: registrations are limited too (5 per address and network in an hour). */
let registered = false;

export async function logInAsDemo(page: Page): Promise<void> {
  if (session) {
    await page.context().addCookies(session);
    if ((await page.request.get('/api/get_account')).ok()) return;
  }
  let login = await page.request.post('/api/login', { form: { email: DEMO.email, password: DEMO.password } });
  if (login.status() === 404) {
    await registerDemo(page.request);
    login = await page.request.post('/api/login', { form: { email: DEMO.email, password: DEMO.password } });
  }
  expect(login.status()).toBe(200);
  session = await page.context().cookies();
}

/** The demo account exists (registered now if no test did it before); nobody is logged in by this. */
export async function ensureDemoAccount(page: Page): Promise<void> {
  if (await registerDemo(page.request)) await page.request.post('/api/logout');
}

/**
 * Registers the demo account and confirms it with the link from its mail, in the registering
 * browser, as the clerk would: writes need a confirmed address (issue 15, H1), and the account
 * comes with its confirmation, which logs in (issue 49). False when it existed already: the
 * answer is the same then, and the mail says so instead of bringing a link.
 */
async function registerDemo(request: APIRequestContext): Promise<boolean> {
  if (registered) return false;
  registered = true;
  const since = Date.now() - 1000;
  const registration = await request.post('/api/register', {
    form: { email: DEMO.email, password: DEMO.password, password_repeat: DEMO.password, lang: 'de' },
  });
  expect(registration.status()).toBe(202);
  const confirmSubject = 'Bitte bestätigen Sie Ihre E-Mail-Adresse';
  if ((await subjectOfMailSince(DEMO.email, since)) !== confirmSubject) return false;
  const link = await linkFromMail(DEMO.email, confirmSubject);
  const token = link.split('/anmelden/')[1] ?? '';
  expect((await request.post('/api/confirm_email', { form: { token } })).status()).toBe(200);
  return true;
}

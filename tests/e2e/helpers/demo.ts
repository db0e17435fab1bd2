import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { linkFromMail } from './outbox.ts';

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
 * session, as the clerk would: writes need a confirmed address (issue 15, H1). False when it
 * existed already.
 */
async function registerDemo(request: APIRequestContext): Promise<boolean> {
  if (registered) return false;
  const registration = await request.post('/api/register', {
    form: { email: DEMO.email, password: DEMO.password, password_repeat: DEMO.password, lang: 'de' },
  });
  expect([201, 409]).toContain(registration.status());
  registered = true;
  if (registration.status() === 409) return false;
  const link = await linkFromMail(DEMO.email, 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
  const token = link.split('/anmelden/')[1] ?? '';
  expect((await request.post('/api/confirm_email', { form: { token } })).status()).toBe(200);
  return true;
}

import { expect, type Cookie, type Page } from '@playwright/test';

/** The demo account of the seeded database; registered by whichever test needs it first. */
export const DEMO = { email: 'marktamt@hartberg.example', password: 'Demo-Passwort-2027' };

/** One session for all tests of the worker, so the login rate limit (10 per address in 15 minutes) is never reached. */
let session: Cookie[] | undefined;

export async function logInAsDemo(page: Page): Promise<void> {
  if (session) {
    await page.context().addCookies(session);
    if ((await page.request.get('/api/get_account')).ok()) return;
  }
  let login = await page.request.post('/api/login', { form: { email: DEMO.email, password: DEMO.password } });
  if (login.status() === 404) {
    const registration = await page.request.post('/api/register', {
      form: { email: DEMO.email, password: DEMO.password, password_repeat: DEMO.password },
    });
    expect(registration.status()).toBe(201);
    login = await page.request.post('/api/login', { form: { email: DEMO.email, password: DEMO.password } });
  }
  expect(login.status()).toBe(200);
  session = await page.context().cookies();
}

/** The demo account exists (registered now if no test did it before); nobody is logged in by this. */
export async function ensureDemoAccount(page: Page): Promise<void> {
  const registration = await page.request.post('/api/register', {
    form: { email: DEMO.email, password: DEMO.password, password_repeat: DEMO.password },
  });
  expect([201, 409]).toContain(registration.status());
  if (registration.status() === 201) await page.request.post('/api/logout');
}

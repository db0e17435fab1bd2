import { expect, type Page } from '@playwright/test';

/** The demo account of the seeded database; registered by whichever test needs it first. */
export const DEMO = { email: 'marktamt@hartberg.example', password: 'Demo-Passwort-2027' };

export async function logInAsDemo(page: Page): Promise<void> {
  const registration = await page.request.post('/api/register', {
    form: { email: DEMO.email, password: DEMO.password, password_repeat: DEMO.password },
  });
  expect([201, 409]).toContain(registration.status());
  expect(
    (await page.request.post('/api/login', { form: { email: DEMO.email, password: DEMO.password } })).status(),
  ).toBe(200);
}

import { expect, type Page } from '@playwright/test';

/** The provider's operator of the end-to-end portal (tests/e2e/seed-portal.ts makes it). */
export const OPERATOR = { email: 'betrieb@marktverzeichnis.example', password: 'Betrieb-Passwort-2027', gkz: '90001' };

export async function logInAsOperator(page: Page): Promise<void> {
  const login = await page.request.post('/api/login', { form: { email: OPERATOR.email, password: OPERATOR.password } });
  expect(login.status()).toBe(200);
}

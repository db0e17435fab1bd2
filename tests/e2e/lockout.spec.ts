import { request } from 'node:http';
import { expect, test } from './helpers/portal.ts';
import { DEMO, ensureDemoAccount } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');

/** A login from another machine: another loopback address as the source, as a stranger's would be. */
function strangerLogin(baseURL: string, password: string): Promise<number> {
  const url = new URL('/api/login', baseURL);
  const body = new URLSearchParams({ email: DEMO.email, password }).toString();
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

// Issue 15, M2: ten wrong passwords from a stranger used to lock the clerk out for ten minutes.
test("a stranger's ten wrong passwords leave the clerk's login working", async ({ page, baseURL }) => {
  await ensureDemoAccount(page);
  const answers: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) answers.push(await strangerLogin(baseURL!, 'Falsches-Passwort-1'));
  expect(answers.slice(0, 10)).toEqual(Array<number>(10).fill(401));
  expect(answers[10]).toBe(429);

  await page.goto('/anmelden');
  const login = page.getByRole('form', { name: m('login.heading') });
  await login.getByLabel(m('account.email'), { exact: true }).fill(DEMO.email);
  await login.getByLabel(m('account.password'), { exact: true }).fill(DEMO.password);
  await login.getByRole('button', { name: m('login.submit') }).click();
  await expect(page).toHaveURL(/\/maerkte$/);
  await expect(page.getByText(m('notice.loggedIn'))).toBeVisible();
  // As in guard.spec.ts: the screen has its account before the session ends behind its back.
  await expect(page.getByRole('button', { name: m('account.logoutEverywhere') })).toBeVisible();
  await page.request.post('/api/logout');
});

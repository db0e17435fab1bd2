import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { linkFromMail } from './helpers/outbox.ts';

const GRAZ = { email: 'marktamt@graz.example', password: 'Grazer-Markt-2027', gkz: '60101' };

/** Registers the clerk of Graz and confirms the address, which logs the context in (issue 49). */
async function logInAsGrazClerk(request: APIRequestContext): Promise<void> {
  const registration = await request.post('/api/register', {
    form: { email: GRAZ.email, password: GRAZ.password, password_repeat: GRAZ.password, lang: 'de' },
  });
  expect(registration.status()).toBe(202);
  const link = await linkFromMail(GRAZ.email, 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
  const token = link.split('/anmelden/')[1] ?? '';
  expect((await request.post('/api/confirm_email', { form: { token } })).status()).toBe(200);
}

/** The municipality codes in the island's props: the seed's account and markets. */
const codesIn = (html: string) =>
  new Set([...html.matchAll(/&quot;gkz&quot;:\[0,&quot;(\d+)&quot;\]/g)].map((m) => m[1]));

// Issue 50: the server renders each markets screen from its own session's seed, never from state
// that requests share. Asked for at once, interleaved, each page holds its own municipality only.
test("two municipalities' clerks asking at once each get their own markets screen", async ({ page, browser }) => {
  await logInAsDemo(page);
  const graz = await browser.newContext();
  await logInAsGrazClerk(graz.request);
  const hartberg = page.request;
  const asks = Array.from({ length: 12 }, (_, i) => {
    const [request, gkz] = i % 2 === 0 ? [hartberg, '62219'] : [graz.request, GRAZ.gkz];
    const path = i % 4 < 2 ? '/maerkte' : '/en/wochenmaerkte';
    return request.get(path).then(async (answer) => ({ gkz, codes: codesIn(await answer.text()) }));
  });
  for (const { gkz, codes } of await Promise.all(asks)) expect(codes).toEqual(new Set([gkz]));
  await graz.close();
});

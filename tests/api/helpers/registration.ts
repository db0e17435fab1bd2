import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';

/** What a confirmation answered: its status and cookies, and the session it started (`session=…`). */
export interface Confirmed {
  status: number;
  headers: Headers;
  cookies: string[];
  session: string | undefined;
}

/**
 * Registers an address (on the list already) and opens its mailed link in the same browser, as a
 * clerk does: issue 49, an account and its session come only with the confirmation. `confirmFields`
 * go along with the token (`visitor_id_js`, `lang`).
 */
export async function registerAndConfirm(
  server: Pick<TestServer, 'fetch' | 'mails'>,
  email: string,
  password: string,
  confirmFields: Record<string, string> = {},
): Promise<Confirmed> {
  const registered = await server.fetch('/api/register', {
    method: 'POST',
    body: new URLSearchParams({ email, password, password_repeat: password }),
  });
  expect(registered.status).toBe(202);
  const browser = registered.headers.getSetCookie().find((cookie) => /^(__Host-)?registration=/.test(cookie));
  const token =
    server.mails
      .filter((mail) => mail.to === email)
      .at(-1)
      ?.link.split('/anmelden/')[1] ?? '';
  const confirmed = await server.fetch('/api/confirm_email', {
    method: 'POST',
    body: new URLSearchParams({ token, ...confirmFields }),
    headers: { Cookie: browser?.split(';')[0] ?? '' },
  });
  const cookies = confirmed.headers.getSetCookie();
  const session = cookies.find((cookie) => /^(__Host-)?session=[^;]/.test(cookie))?.split(';')[0];
  return { status: confirmed.status, headers: confirmed.headers, cookies, session };
}

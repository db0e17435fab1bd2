import { expect, test } from '@playwright/test';

// api.md: every answer, API or page, carries the security headers.
for (const [kind, path] of [
  ['a pre-rendered page', '/'],
  ['a page rendered on demand', '/anmelden'],
  ['the 404 page', '/gibt/es/nicht'],
  ['an API answer', '/api/get_content/1'],
  ['an API 404', '/api/nothing'],
] as const) {
  test(`security headers on ${kind}`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
}

import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPortal } from '../../scripts/portal-process.ts';
import { databaseFromTemplate } from '../setup/pglite-template.ts';

/**
 * api.md: every answer, API or page, carries the security headers; pages add a strict policy for
 * scripts. The real server process with the built pages, behind a TLS proxy it trusts.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-headers-'));
let portal: ReturnType<typeof startPortal>;
let url = '';
beforeAll(async () => {
  await databaseFromTemplate(dataDir, inject('pgliteTemplate'));
  portal = startPortal(dataDir, { TRUST_PROXY: '1' });
  url = await portal.url;
}, 120_000);
afterAll(async () => {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ANSWERS = [
  ['a pre-rendered page', '/', 200, 'page'],
  ['a page rendered on demand', '/anmelden', 200, 'page'],
  ['the 404 page', '/gibt/es/nicht', 404, 'page'],
  ['an API answer', '/api/get_content/1', 200, 'api'],
  ['an API 404', '/api/nothing', 404, 'api'],
] as const;

describe.each(ANSWERS)('security headers on %s', (_kind, pathname, status, kind) => {
  it('nosniff, referrer policy, no framing, and HSTS only over HTTPS', async () => {
    const overTls = await fetch(url + pathname, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(overTls.status).toBe(status);
    expect(overTls.headers.get('x-content-type-options')).toBe('nosniff');
    expect(overTls.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(overTls.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // The position only for the portal's own pages ("In meiner Nähe", issue 52), camera and microphone for none.
    expect(overTls.headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(self), interest-cohort=()',
    );

    const plain = await fetch(url + pathname);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    if (kind === 'api')
      expect(plain.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  if (kind === 'page') {
    it('a script policy of its own origin and hashes, with every inline script and style hashed', async () => {
      const response = await fetch(url + pathname);
      const html = await response.text();
      // Pre-rendered pages carry the script policy in a <meta>, pages rendered on demand in the header.
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1];
      const policy = meta ?? response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        policy.split(';').map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/);
          return [name, sources] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      const scriptSources = directives.get('script-src') ?? [];
      expect(scriptSources).toContain("'self'");
      expect(scriptSources.filter((source) => source !== "'self'" && !source.startsWith("'sha256-"))).toEqual([]);

      // Data blocks (JSON) are never run, so only executable inline scripts need a hash.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''))
        .map(([, , code]) => sha256Source(code ?? ''));
      for (const hash of inline) expect(scriptSources).toContain(hash);
      // The build hashes the inline styles with node:crypto (astro.config.mjs, cspDigestAtOnce): the same digests.
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => sha256Source(css ?? ''));
      expect(styles.length).toBeGreaterThan(0);
      for (const hash of styles) expect(directives.get('style-src')).toContain(hash);
    });
  }
});

/** A CSP source allowing an inline script or style by its text. */
function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

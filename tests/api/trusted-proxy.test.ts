import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import type { SecurityLine } from '../../src/server/security-log.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 18, scale-out: X-Forwarded-* are believed only from the proxy TRUST_PROXY names (by
 * default one on this machine), never from a client that reaches a portal process directly:
 * else anyone could pick the address the rate limits count, or pose as https.
 */
let server: TestServer;
const portals = new Map<string, { running: RunningServer; log: SecurityLine[] }>();

beforeAll(async () => {
  server = await startTestServer();
  for (const trusted of ['1', '192.0.2.200']) {
    const log: SecurityLine[] = [];
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', TRUST_PROXY: trusted });
    const running = await startServer({ config, db: server.db, securityLog: (line) => void log.push(line) });
    portals.set(trusted, { running, log });
  }
});
afterAll(async () => {
  for (const { running } of portals.values()) await running.close();
  await server.close();
});

async function failedLoginFrom(trusted: string, forwardedFor: string): Promise<string | null | undefined> {
  const { running, log } = portals.get(trusted)!;
  const answer = await fetch(`${running.url}/api/login`, {
    method: 'POST',
    body: JSON.stringify({ email: 'nobody@gemeinde.example', password: 'falsch-falsch-falsch' }),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
  });
  expect(answer.status).toBe(404);
  return log.findLast((line) => line.event === 'login_failed')?.ip;
}

describe('X-Forwarded-For from a trusted proxy only', () => {
  it('believes the proxy on this machine with TRUST_PROXY=1', async () => {
    expect(await failedLoginFrom('1', '198.51.100.23')).toBe('198.51.100.23');
  });

  it('ignores it from any other peer: the socket’s address counts', async () => {
    expect(await failedLoginFrom('192.0.2.200', '198.51.100.23')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('takes no https from an untrusted peer’s X-Forwarded-Proto', async () => {
    const { running } = portals.get('192.0.2.200')!;
    const answer = await fetch(`${running.url}/api/get_content/1`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(answer.headers.get('strict-transport-security')).toBeNull();
    const trusted = await fetch(`${portals.get('1')!.running.url}/api/get_content/1`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(trusted.headers.get('strict-transport-security')).not.toBeNull();
  });
});

import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorOf, failureOf } from './database-messages.ts';
import { databaseOutage, databaseUnavailable, isDatabaseUnavailable, saysUnreachable } from './unavailable-error.ts';

/** An error as the server's thread gets it from the database's thread. */
const carried = (error: unknown) => errorOf(failureOf(error));
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

/** What pg answers when connecting to a port that `serve` handles (or nothing listens on). */
async function connectError(serve?: (socket: Socket) => void): Promise<unknown> {
  const server = createServer(serve);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  if (!serve) await new Promise((resolve) => server.close(resolve));
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'nobody', connectionTimeoutMillis: 2000 });
  const error: unknown = await client.connect().then(
    () => null,
    (failure: unknown) => failure,
  );
  if (serve) server.close();
  return error;
}

describe('a database that cannot be reached', () => {
  it('is told from pg’s own errors, also as the database’s thread carries them over', async () => {
    const refused = await connectError();
    const cut = await connectError((socket) => socket.destroy());
    for (const error of [refused, cut]) {
      expect(saysUnreachable(error)).toBe(true);
      expect(saysUnreachable(carried(error))).toBe(true);
    }
    expect((refused as { code: string }).code).toBe('ECONNREFUSED');
    expect((cut as Error).message).toMatch(/^Connection terminated/);
  });

  it('is told from PostgreSQL’s shutdown and connection SQLSTATEs, and from a pool that cannot connect', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', '08P01', 'ECONNRESET'])
      expect(saysUnreachable(carried(withCode('terminating connection', code))), code).toBe(true);
    expect(saysUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const aggregate = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
    expect(saysUnreachable(carried(aggregate))).toBe(true);
  });

  it('is not a wrong statement, a refused save or a quota', () => {
    for (const code of ['23505', '42P01', 'P0Q01', '57014', '40001'])
      expect(saysUnreachable(withCode('statement failed', code)), code).toBe(false);
    expect(saysUnreachable(new Error('The transaction failed and was rolled back.'))).toBe(false);
    expect(saysUnreachable(databaseUnavailable())).toBe(false);
    expect(saysUnreachable('ECONNREFUSED')).toBe(false);
  });

  it('is refused with 503 database_unavailable and a wait', () => {
    const refusal = databaseUnavailable();
    expect(refusal.code).toBe('database_unavailable');
    expect(refusal.retryAfter).toBeGreaterThan(0);
  });

  it('is marked by the database’s thread alone, and logged once when it goes and once when it is back', () => {
    const lines: string[] = [];
    const outage = databaseOutage((line) => lines.push(line));
    const refused = () => withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    const mailServerAway = refused();
    expect(isDatabaseUnavailable(mailServerAway)).toBe(false);
    outage.answered();
    outage.failed(withCode('statement failed', '23505'));
    expect(lines).toEqual([]);
    const failures = Array.from({ length: 5 }, refused);
    for (const failure of failures) outage.failed(failure);
    expect(failures.every((failure) => isDatabaseUnavailable(failure))).toBe(true);
    expect(isDatabaseUnavailable(mailServerAway)).toBe(false);
    outage.answered();
    outage.answered();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/not reachable \(ECONNREFUSED: connect ECONNREFUSED/);
    expect(lines[1]).toMatch(/reachable again \(5 calls failed meanwhile\)/);
  });
});

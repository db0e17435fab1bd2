import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMarket, GKZ_A } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, L7: a lone CR in a text reached the .ics raw, where a client may read it as a line end. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('escapes CR, LF and CRLF alike, so no text can start a property of its own', async () => {
  const { market } = await addMarket(
    server.db,
    GKZ_A,
    { title: 'Markt\rDTSTART:19990101', description: 'eins\rzwei\ndrei\r\nvier' },
    [{ date_start: '2027-06-05', date_end: '2027-06-05', note: 'Notiz\rSTATUS:CANCELLED' }],
  );
  const text = await (await server.fetch(`/api/public/markets/${market.id}.ics`)).text();
  expect(text).not.toMatch(/\r(?!\n)/);
  expect(text).not.toMatch(/[^\r]\n/);
  const lines = text.split('\r\n');
  expect(lines.some((line) => line.startsWith('DTSTART:1999'))).toBe(false);
  expect(lines.some((line) => line.startsWith('STATUS:CANCELLED'))).toBe(false);
  expect(text.replace(/\r\n /g, '')).toContain('SUMMARY:Markt\\nDTSTART:19990101');
});

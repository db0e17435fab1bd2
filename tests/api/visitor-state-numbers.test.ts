// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): numbers at the edge of what each database and driver holds.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, L6: a number beyond what the database can hold answered 500. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const update = async (visitorId: string, state: string, json = false) => {
  const response = await server.fetch('/api/update_visitor', {
    method: 'POST',
    ...(json
      ? { body: `{"visitor_id_js":"${visitorId}","state":${state}}`, headers: { 'Content-Type': 'application/json' } }
      : { body: new URLSearchParams({ visitor_id_js: visitorId, state }) }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
};

it.each(['{"a":1e999999}', '{"a":-1e999999}', '{"a":[1e400]}', '{"a":1e-999999}'])(
  'refuses or stores %s, never 500',
  async (state) => {
    const visitorId = randomUUID();
    await server.fetch('/api/create_visitor', {
      method: 'POST',
      body: new URLSearchParams({ visitor_id_js: visitorId }),
    });
    for (const json of [false, true]) {
      const answer = await update(visitorId, state, json);
      expect([200, 400]).toContain(answer.status);
      if (answer.status === 400) expect(answer.body.error?.code).toBe('invalid_request');
    }
  },
);

it('keeps ordinary numbers as they were', async () => {
  const visitorId = randomUUID();
  await server.fetch('/api/create_visitor', {
    method: 'POST',
    body: new URLSearchParams({ visitor_id_js: visitorId }),
  });
  expect((await update(visitorId, '{"a":1.5,"b":-2,"c":1e300}')).status).toBe(200);
  const data = (await (await server.fetch(`/api/get_visitor_data/${visitorId}`)).json()) as {
    data: { state: unknown };
  };
  expect(data.data.state).toEqual({ a: 1.5, b: -2, c: 1e300 });
});

it('limits the state as stored, after numbers are written out', async () => {
  const visitorId = randomUUID();
  await server.fetch('/api/create_visitor', {
    method: 'POST',
    body: new URLSearchParams({ visitor_id_js: visitorId }),
  });
  const grows = `{"a":[${Array<string>(12_000).fill('1e20').join(',')}]}`; // 60 KB sent, 250 KB written out
  const answer = await update(visitorId, grows);
  expect([answer.status, answer.body.error?.code]).toEqual([422, 'too_long']);
});

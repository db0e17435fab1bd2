// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): deeply nested JSON, as each database takes it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 49: a visitor state nested thousands of levels deep was a 500 with a stack trace, before
 * the call was counted. Now any state nested beyond 32 levels is 400 `too_deep`, found by reading
 * the text before anything is built or written out from it, and the call counts for the client's
 * network like any other.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A state object nested `depth` levels deep, as JSON text: an object around arrays, small to send. */
const deepState = (depth: number) => `{"a":${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}}`;

const SHAPES = {
  'form data': (id: string, state: string) => ({
    body: new URLSearchParams({ visitor_id_js: id, state }),
  }),
  'a JSON body, the state as text': (id: string, state: string) => ({
    body: JSON.stringify({ visitor_id_js: id, state }),
    headers: { 'Content-Type': 'application/json' },
  }),
  'a JSON body, the state as an object': (id: string, state: string) => ({
    body: `{"visitor_id_js":"${id}","state":${state}}`,
    headers: { 'Content-Type': 'application/json' },
  }),
};

const counted = async () => {
  const rows = await server.db.query<{ attempts: number }>('SELECT attempts FROM rate_limits WHERE key = $1', [
    'update_visitor:ip:127.0.0.1',
  ]);
  return rows[0]?.attempts ?? 0;
};

async function update(shape: keyof typeof SHAPES, id: string, state: string) {
  const response = await server.fetch('/api/update_visitor', { method: 'POST', ...SHAPES[shape](id, state) });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as { error?: { code: string; message: string } } };
}

async function newVisitor(): Promise<string> {
  const id = randomUUID();
  await server.fetch('/api/create_visitor', { method: 'POST', body: new URLSearchParams({ visitor_id_js: id }) });
  const kept = await update('form data', id, '{"kept":1}');
  expect(kept.status).toBe(200);
  return id;
}

const stored = async (id: string) =>
  (await server.db.query<{ state: unknown }>('SELECT state FROM visitors WHERE id = $1', [id]))[0]?.state;

describe('a visitor state nested beyond 32 levels', () => {
  for (const shape of Object.keys(SHAPES) as Array<keyof typeof SHAPES>) {
    for (const depth of [33, 5_000, 100_000]) {
      it(`is 400 too_deep, counted, stored nowhere: ${depth} levels in ${shape}`, async () => {
        const id = await newVisitor();
        const before = await counted();
        const answer = await update(shape, id, deepState(depth));
        expect([answer.status, answer.body.error?.code]).toEqual([400, 'too_deep']);
        expect(answer.body.error?.message).toMatch(/32/);
        expect(answer.text).not.toMatch(/\n\s+at |\.ts:\d+|Error:/);
        expect(await counted()).toBe(before + 1);
        expect(await stored(id)).toEqual({ kept: 1 });
      });
    }
  }

  it('is answered in the language asked for', async () => {
    const id = await newVisitor();
    const answer = await server.fetch('/api/update_visitor?lang=en', {
      method: 'POST',
      ...SHAPES['form data'](id, deepState(40)),
    });
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'too_deep',
      message: 'The data is nested too deeply: at most 32 levels are possible.',
    });
  });
});

it('keeps a state nested exactly 32 levels deep, in every shape', async () => {
  for (const shape of Object.keys(SHAPES) as Array<keyof typeof SHAPES>) {
    const id = await newVisitor();
    const answer = await update(shape, id, deepState(32));
    expect([shape, answer.status]).toEqual([shape, 200]);
    expect(JSON.stringify(await stored(id))).toBe(deepState(32));
  }
});

it('does not count brackets inside texts of the state', async () => {
  const id = await newVisitor();
  const state = JSON.stringify({ note: '['.repeat(100), quoted: `\\"${'{'.repeat(100)}` });
  const answer = await update('form data', id, state);
  expect(answer.status).toBe(200);
  expect(await stored(id)).toEqual(JSON.parse(state));
});

it('counts a create_visitor refused for what it sent, as the calls it answers', async () => {
  const key = 'create_visitor:ip:127.0.0.1';
  const attempts = async () =>
    (await server.db.query<{ attempts: number }>('SELECT attempts FROM rate_limits WHERE key = $1', [key]))[0]
      ?.attempts ?? 0;
  const before = await attempts();
  const refused = await server.fetch('/api/create_visitor', {
    method: 'POST',
    body: `{"visitor_id_js":${deepState(40)}}`,
    headers: { 'Content-Type': 'application/json' },
  });
  expect(refused.status).toBe(400);
  expect(await attempts()).toBe(before + 1);
});

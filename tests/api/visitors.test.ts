// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): visitor states as JSON, stored and read through each driver.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitorData } from '../../src/lib/visitor.ts';
import { count, GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
const json = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});
interface Answer {
  data: VisitorData;
  error: { code: string; message: string; fields?: Record<string, string> };
}
const post = async (path: string, init: RequestInit) => {
  const response = await server.fetch(`/api/${path}`, init);
  return { status: response.status, body: (await response.json()) as Answer };
};

const VISITOR_KEYS = [
  'auth_email',
  'language_id',
  'readable_id',
  'state',
  'visitorId',
  'wko_district',
  'wko_facebook',
  'wko_instagram',
  'wko_municipality',
  'wko_phone',
  'wko_plz',
  'wko_state',
  'wko_url',
  'wko_youtube',
];

describe('create_visitor', () => {
  it('creates a visitor from form data (201) and leaves it unchanged when repeated (200)', async () => {
    const id = randomUUID();
    const created = await post('create_visitor', form({ visitor_id_js: id, sys_languages_id: '2' }));
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(VISITOR_KEYS);
    expect(created.body.data).toMatchObject({
      visitorId: id,
      language_id: 2,
      state: {},
      auth_email: null,
      wko_municipality: null,
    });
    expect(created.body.data.readable_id).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const repeated = await post('create_visitor', form({ visitor_id_js: id, sys_languages_id: '1' }));
    expect(repeated.status).toBe(200);
    expect(repeated.body.data).toEqual(created.body.data);
  });

  it('accepts JSON and multipart bodies', async () => {
    expect((await post('create_visitor', json({ visitor_id_js: randomUUID(), sys_languages_id: 3 }))).status).toBe(201);
    const multipart = new FormData();
    multipart.set('visitor_id_js', randomUUID());
    expect((await post('create_visitor', { method: 'POST', body: multipart })).status).toBe(201);
  });

  it.each([
    ['not an id', { visitor_id_js: 'abc' }, 422, 'invalid_visitor_id'],
    ['a v1 uuid', { visitor_id_js: 'a8098c1a-f86e-11da-bd1a-00112444be1e' }, 422, 'invalid_visitor_id'],
    ['no id', { sys_languages_id: '2' }, 422, 'invalid_visitor_id'],
    ['an unknown language', { visitor_id_js: randomUUID(), sys_languages_id: '99' }, 400, 'invalid_request'],
    ['a word for a language', { visitor_id_js: randomUUID(), sys_languages_id: 'de' }, 400, 'invalid_request'],
  ])('refuses %s and stores nothing', async (_name, fields, status, code) => {
    const before = await count(server.db, 'visitors');
    const answer = await post('create_visitor', form(fields));
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.message).toEqual(expect.any(String));
    expect(JSON.stringify(answer.body)).not.toMatch(/\bat .*\.ts:\d+/);
    expect(await count(server.db, 'visitors')).toBe(before);
  });

  it('refuses malformed JSON, other content types, huge bodies and foreign origins, storing nothing', async () => {
    const before = await count(server.db, 'visitors');
    const broken = await post('create_visitor', {
      method: 'POST',
      body: '{"visitor_id_js":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([broken.status, broken.body.error.code]).toEqual([400, 'invalid_request']);
    const array = await post('create_visitor', json([randomUUID()]));
    expect(array.status).toBe(400);
    const text = await post('create_visitor', {
      method: 'POST',
      body: 'hello',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    const huge = await post(
      'create_visitor',
      form({ visitor_id_js: randomUUID(), padding: 'x'.repeat(1024 * 1024 + 10) }),
    );
    expect([huge.status, huge.body.error.code]).toEqual([413, 'payload_too_large']);
    const foreign = await post('create_visitor', {
      ...form({ visitor_id_js: randomUUID() }),
      headers: { Origin: 'https://evil.example' },
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'forbidden']);
    expect(await count(server.db, 'visitors')).toBe(before);
  });
});

describe('get_visitor_data', () => {
  it('answers an unknown visitor with 404 and a malformed id with 422', async () => {
    const unknown = await server.fetch(`/api/get_visitor_data/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    const malformed = await server.fetch(`/api/get_visitor_data/${encodeURIComponent("1' OR '1'='1")}`);
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toMatchObject({ error: { code: 'invalid_visitor_id' } });
  });

  it('shows account and municipality fields only to the session of the linked user', async () => {
    const id = randomUUID();
    await post('create_visitor', form({ visitor_id_js: id }));
    const user = await loggedInUser(server.db, GKZ_A);
    await server.db.query('UPDATE visitors SET user_id = $1 WHERE id = $2', [user.userId, id]);

    const withSession = await server.fetch(`/api/get_visitor_data/${id}`, { headers: { Cookie: user.cookie } });
    expect(withSession.headers.get('cache-control')).toBe('private, no-store');
    expect(((await withSession.json()) as { data: unknown }).data).toMatchObject({
      auth_email: user.email,
      wko_municipality: 'Hartberg',
      wko_plz: '8230',
      wko_district: 'Hartberg-Fürstenfeld',
      wko_state: 'Steiermark',
    });
    const anonymous = (await (await server.fetch(`/api/get_visitor_data/${id}`)).json()) as { data: unknown };
    expect(anonymous.data).toMatchObject({ auth_email: null, wko_municipality: null, wko_state: null });
    const other = await loggedInUser(server.db, GKZ_A);
    const foreign = (await (
      await server.fetch(`/api/get_visitor_data/${id}`, { headers: { Cookie: other.cookie } })
    ).json()) as { data: unknown };
    expect(foreign.data).toMatchObject({ auth_email: null, wko_municipality: null });
  });
});

describe('update_visitor', () => {
  const newVisitor = async () => {
    const id = randomUUID();
    await post('create_visitor', form({ visitor_id_js: id }));
    return id;
  };
  const storedState = async (id: string) =>
    ((await (await server.fetch(`/api/get_visitor_data/${id}`)).json()) as { data: { state: unknown } }).data.state;

  it('replaces the state with the JSON text of form data, nested values included', async () => {
    const id = await newVisitor();
    const state = { keyword: 'Kirtag', expandedMarkets: { m1: true }, selectedYear: 2027 };
    const answer = await post(
      'update_visitor',
      form({ visitor_id_js: id, sys_languages_id: '1', exhibition_id: '1', state: JSON.stringify(state) }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ state, language_id: 1 });
    await post(
      'update_visitor',
      form({ visitor_id_js: id, sys_languages_id: '1', state: JSON.stringify({ keyword: '' }) }),
    );
    expect(await storedState(id)).toEqual({ keyword: '' });
  });

  it('accepts the state as an object or as text in a JSON body', async () => {
    const id = await newVisitor();
    await post('update_visitor', json({ visitor_id_js: id, sys_languages_id: 2, state: { a: { b: [1, 2] } } }));
    expect(await storedState(id)).toEqual({ a: { b: [1, 2] } });
    await post('update_visitor', json({ visitor_id_js: id, sys_languages_id: 2, state: '{"c":true}' }));
    expect(await storedState(id)).toEqual({ c: true });
  });

  it.each([
    ['state that is not JSON', { state: '{nope' }, 400, 'invalid_request'],
    ['state that is an array', { state: '[1,2]' }, 400, 'invalid_request'],
    ['no state', {}, 400, 'invalid_request'],
    ['a state over 64 KiB', { state: JSON.stringify({ big: 'x'.repeat(65 * 1024) }) }, 422, 'too_long'],
    ['another exhibition', { state: '{}', exhibition_id: '2' }, 400, 'invalid_request'],
    // The database's jsonb holds neither; the answer of a state this deep could not be written.
    ['state with a NUL character', { state: '{"a":"\\u0000"}' }, 400, 'invalid_request'],
    ['state with an unpaired surrogate', { state: '{"\\ud800":1}' }, 400, 'invalid_request'],
    ['state nested 10,000 levels deep', { state: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` }, 400, 'too_deep'],
  ])('refuses %s and keeps the stored state', async (_name, fields, status, code) => {
    const id = await newVisitor();
    await post('update_visitor', form({ visitor_id_js: id, state: '{"kept":1}' }));
    const answer = await post('update_visitor', form({ visitor_id_js: id, ...(fields as Record<string, string>) }));
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.fields).toBeTypeOf('object');
    expect(await storedState(id)).toEqual({ kept: 1 });
  });

  it('refuses a state object with a NUL character in a JSON body as well', async () => {
    const id = await newVisitor();
    const answer = await post('update_visitor', json({ visitor_id_js: id, state: { note: 'a\u0000b' } }));
    expect([answer.status, answer.body.error.code]).toEqual([400, 'invalid_request']);
    expect(await storedState(id)).toEqual({});
  });

  it('answers an unknown visitor with 404, creating nothing', async () => {
    const before = await count(server.db, 'visitors');
    const answer = await post('update_visitor', form({ visitor_id_js: randomUUID(), state: '{}' }));
    expect(answer.status).toBe(404);
    expect(await count(server.db, 'visitors')).toBe(before);
  });
});

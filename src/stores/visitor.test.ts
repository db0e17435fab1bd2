import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const VISITOR_ID = '0b6a3c1e-5d2f-4a8b-9c7d-1e2f3a4b5c6d';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What the content service answers for a visitor (api.md, seed call 3). */
const visitorData = (id: string, state: object = {}) => ({
  state,
  language_id: 2,
  readable_id: 'K7QF-2M4X',
  visitorId: id,
  auth_email: null,
  wko_municipality: null,
  wko_plz: null,
  wko_district: null,
  wko_state: null,
  wko_phone: null,
  wko_url: null,
  wko_instagram: null,
  wko_facebook: null,
  wko_youtube: null,
});

interface Call {
  url: string;
  fields: Record<string, string>;
}
let calls: Call[];
let storage: Map<string, string>;

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  calls = [];
  storage = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal('window', { addEventListener: vi.fn(), navigator: { sendBeacon: vi.fn() } });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const fields = Object.fromEntries(new URLSearchParams((init?.body as URLSearchParams | undefined) ?? ''));
      calls.push({ url, fields });
      const id = fields['visitor_id_js'] ?? url.split('/').pop() ?? '';
      const state = fields['state'] ? (JSON.parse(fields['state']) as object) : { keyword: 'Kirtag' };
      return Promise.resolve(Response.json({ data: visitorData(id, state) }, { status: 200 }));
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const location = (search = '') => ({ search }) as Location;

describe('loadVisitor', () => {
  it('creates a visitor with a new v4 id when none is stored, and keeps the id', async () => {
    const { loadVisitor, $visitor } = await import('./visitor.ts');
    expect(await loadVisitor('de', location())).toBe(true);
    expect(calls.map((call) => call.url)).toEqual(['/api/create_visitor']);
    expect(calls[0]?.fields['sys_languages_id']).toBe('2');
    expect(calls[0]?.fields['visitor_id_js']).toMatch(UUID_V4);
    expect(storage.get('marktverzeichnis.visitorId')).toBe(calls[0]?.fields['visitor_id_js']);
    expect($visitor.get()?.readable_id).toBe('K7QF-2M4X');
  });

  it('loads a stored visitor with get_visitor_data and takes over its state', async () => {
    storage.set('marktverzeichnis.visitorId', VISITOR_ID);
    const { loadVisitor } = await import('./visitor.ts');
    const { $appState } = await import('./app-state.ts');
    await loadVisitor('en', location());
    expect(calls.map((call) => call.url)).toEqual([`/api/get_visitor_data/${VISITOR_ID}`]);
    expect($appState.get().keyword).toBe('Kirtag');
  });

  it('adopts visitor_id_js from the page address', async () => {
    storage.set('marktverzeichnis.visitorId', 'c0ffee00-0000-4000-8000-000000000000');
    const { loadVisitor } = await import('./visitor.ts');
    await loadVisitor('fr', location(`?visitor_id_js=${VISITOR_ID.toUpperCase()}`));
    expect(calls[0]).toMatchObject({
      url: '/api/create_visitor',
      fields: { visitor_id_js: VISITOR_ID, sys_languages_id: '3' },
    });
    expect(storage.get('marktverzeichnis.visitorId')).toBe(VISITOR_ID);
  });

  it('logs a failure to the console and says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { loadVisitor } = await import('./visitor.ts');
    expect(await loadVisitor('de', location())).toBe(false);
    expect(logged).toHaveBeenCalled();
  });
});

describe('saving the state', () => {
  it('sends nested changes with update_visitor, once after a burst', async () => {
    const { loadVisitor } = await import('./visitor.ts');
    const { $appState } = await import('./app-state.ts');
    await loadVisitor('de', location());
    calls = [];
    $appState.setKey('expandedMarkets.m1', true);
    $appState.setKey('keyword', 'Advent');
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/update_visitor');
    expect(calls[0]?.fields).toMatchObject({ exhibition_id: '1', sys_languages_id: '2' });
    const state = JSON.parse(calls[0]?.fields['state'] ?? '{}') as { expandedMarkets: object; keyword: string };
    expect(state.expandedMarkets).toEqual({ m1: true });
    expect(state.keyword).toBe('Advent');
  });
});

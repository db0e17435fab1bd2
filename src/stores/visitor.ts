import { atom, map } from 'nanostores';
import { v4 as uuidv4 } from 'uuid';
import { appStateOf, type AppState } from '../lib/app-state.ts';
import { languageIdOf, type Locale } from '../lib/languages.ts';
import { EXHIBITION_ID, VISITOR_ID_KEY, visitorIdSchema, type VisitorData } from '../lib/visitor.ts';
import { ApiRequestError, apiUrl, callApi } from './api-client.ts';
import { $appState } from './app-state.ts';

export type Visitor = Omit<VisitorData, 'state'>;

/** The visitor record without its state (the state is $appState). Null until loaded. */
export const $visitor = atom<Visitor | null>(null);
/** Where saving the state stands, for a quiet "saved" hint and for tests. */
export const $visitorSync = map({ pending: false, failures: 0 });

const SAVE_DELAY_MS = 300;
const ADOPTED_VISITOR_KEY = `${VISITOR_ID_KEY}.adopted`;

/** Whether this browser's visitor id came from a link (issue 15, L5): such a visitor is not linked to an account. */
export function isAdoptedVisitor(id: string): boolean {
  return localStorage.getItem(ADOPTED_VISITOR_KEY) === id;
}
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let stopListening: (() => void) | undefined;

/**
 * Seed section 4: the visitor is loaded or created first. A `visitor_id_js` on the page address
 * is adopted; otherwise the id kept in localStorage, or a new v4 id announced with create_visitor.
 * Failures are logged to the console only; the result says whether it worked.
 */
export async function loadVisitor(locale: Locale, location: Location = window.location): Promise<boolean> {
  try {
    const languageId = languageIdOf(locale);
    const adopted = visitorIdSchema.safeParse(new URLSearchParams(location.search).get('visitor_id_js') ?? '');
    const stored = visitorIdSchema.safeParse(localStorage.getItem(VISITOR_ID_KEY) ?? '');
    const id = adopted.success ? adopted.data : stored.success ? stored.data : uuidv4();
    localStorage.setItem(VISITOR_ID_KEY, id);
    // Issue 15, L5: an id from a link may be someone else's; it is never linked to this browser's account.
    if (adopted.success) localStorage.setItem(ADOPTED_VISITOR_KEY, id);

    const atStart = $appState.get();
    let visitor: VisitorData;
    if (!adopted.success && stored.success) {
      visitor = await callApi<VisitorData>(`get_visitor_data/${id}`).catch(async (error: unknown) => {
        // The record is gone (a reset database): start it again under the same id.
        if (error instanceof ApiRequestError && error.status === 404) return create(id, languageId);
        throw error;
      });
    } else {
      visitor = await create(id, languageId);
    }
    const { state, ...fields } = visitor;
    $visitor.set(fields);
    stopListening?.();
    // What the clerk changed while the visitor was asked for (a year chosen) stays; the rest is as stored.
    const now = $appState.get();
    const changed = Object.entries(now).filter(([key, value]) => atStart[key as keyof AppState] !== value);
    $appState.set({ ...appStateOf(state), ...Object.fromEntries(changed) });
    stopListening = $appState.listen(() => scheduleSave());
    if (changed.length > 0) scheduleSave();
    window.addEventListener('pagehide', saveOnLeave);
    return true;
  } catch (error) {
    console.error('Loading the visitor failed:', error);
    return false;
  }
}

/**
 * After logout the visitor, linked to the account, is this browser's no more: only the account's
 * session may write it (issue 15, L5). The next page starts a new one.
 */
export function forgetVisitor(): void {
  clearTimeout(saveTimer);
  $visitor.set(null);
  $visitorSync.set({ pending: false, failures: 0 });
  localStorage.removeItem(VISITOR_ID_KEY);
  localStorage.removeItem(ADOPTED_VISITOR_KEY);
}

/** create_visitor answers an existing visitor unchanged, so adopting a known id is safe. */
function create(id: string, languageId: number): Promise<VisitorData> {
  return callApi<VisitorData>('create_visitor', {
    fields: { visitor_id_js: id, sys_languages_id: String(languageId) },
  });
}

function scheduleSave(): void {
  $visitorSync.setKey('pending', true);
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void saveVisitorState(), SAVE_DELAY_MS);
}

function stateFields(visitor: Visitor): Record<string, string> {
  return {
    visitor_id_js: visitor.visitorId,
    sys_languages_id: String(visitor.language_id),
    exhibition_id: String(EXHIBITION_ID),
    state: JSON.stringify($appState.get()),
  };
}

/** A change still waiting for its save when the page goes away is sent as a beacon, which outlives the page. */
function saveOnLeave(): void {
  const visitor = $visitor.get();
  if (!visitor || !$visitorSync.get().pending) return;
  clearTimeout(saveTimer);
  window.navigator.sendBeacon(apiUrl('update_visitor'), new URLSearchParams(stateFields(visitor)));
  $visitorSync.setKey('pending', false);
}

/** Sends the whole state with update_visitor (seed call 5). */
export async function saveVisitorState(): Promise<boolean> {
  const visitor = $visitor.get();
  if (!visitor) return false;
  clearTimeout(saveTimer);
  try {
    await callApi<VisitorData>('update_visitor', { fields: stateFields(visitor) });
    $visitorSync.set({ pending: false, failures: 0 });
    return true;
  } catch (error) {
    console.error('Saving the visitor state failed:', error);
    $visitorSync.set({ pending: false, failures: $visitorSync.get().failures + 1 });
    return false;
  }
}

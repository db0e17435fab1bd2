import * as z from 'zod/mini';
import { jsonTextWithin, MAX_JSON_DEPTH, valueWithin } from './json-depth.ts';
import { KNOWN_LANGUAGE_IDS } from './languages.ts';
import { isStorableText } from './validation.ts';

/** localStorage keys of the portal start with this keyword (seed section 7). */
export const STORAGE_KEYWORD = 'marktverzeichnis';
export const VISITOR_ID_KEY = `${STORAGE_KEYWORD}.visitorId`;

/** Seed section 9 / api.md: the exhibition id is always 1. */
export const EXHIBITION_ID = 1;
/** api.md: the visitor state is JSON text of at most 64 KiB. */
export const VISITOR_STATE_MAX_BYTES = 64 * 1024;

// zod/mini throughout src/lib: these schemas are bundled into the editing pages, and the classic
// zod API would add some 50 KB gzipped to them (docs/decisions/0004-zod-mini.md).
export const visitorIdSchema = z.pipe(
  z.string({ error: 'invalid_visitor_id' }).check(z.trim(), z.toLowerCase()),
  z.uuidv4({ error: 'invalid_visitor_id' }),
);

export const languageIdSchema = z.coerce
  .number({ error: 'invalid_request' })
  .check(z.refine((id) => Number.isInteger(id) && KNOWN_LANGUAGE_IDS.includes(id), { error: 'invalid_request' }));

/** The visitor state is the client's app state (seed section 3), stored whole. */
export const visitorStateSchema = z.record(z.string(), z.unknown());
export type VisitorState = z.infer<typeof visitorStateSchema>;

/** The answer of get_visitor_data, create_visitor and update_visitor (api.md, seed call 3). */
export interface VisitorData {
  state: VisitorState;
  language_id: number;
  readable_id: string;
  visitorId: string;
  auth_email: string | null;
  wko_municipality: string | null;
  wko_plz: string | null;
  wko_district: string | null;
  wko_state: string | null;
  wko_phone: string | null;
  wko_url: string | null;
  wko_instagram: string | null;
  wko_facebook: string | null;
  wko_youtube: string | null;
}

/** `POST create_visitor` (seed call 4). */
export const createVisitorRequestSchema = z.object({
  visitor_id_js: visitorIdSchema,
  sys_languages_id: z._default(languageIdSchema, 2),
});

/**
 * `POST update_visitor` (seed call 5): `state` is JSON text (form data) or an object (JSON body);
 * it becomes the JSON text to store.
 */
export const updateVisitorRequestSchema = z.object({
  visitor_id_js: visitorIdSchema,
  sys_languages_id: z._default(languageIdSchema, 2),
  exhibition_id: z.optional(
    z.pipe(z.coerce.number({ error: 'invalid_request' }), z.literal(EXHIBITION_ID, { error: 'invalid_request' })),
  ),
  state: z.pipe(
    z.pipe(
      // Before it is written out or parsed (issue 49): JSON.stringify of a state 5,000 levels deep was a 500.
      z
        .union([z.string(), visitorStateSchema], { error: 'invalid_request' })
        .check(z.refine(nestsWithinLimit, { error: 'too_deep', abort: true })),
      z.transform((state) => (typeof state === 'string' ? state : JSON.stringify(state))),
    ),
    z.pipe(
      z.pipe(
        z.string().check(
          z.refine(fitsStateLimit, { error: 'too_long', abort: true }),
          z.refine(
            (text) => {
              const state = parseJson(text);
              return visitorStateSchema.safeParse(state).success && isStorableJson(state);
            },
            { error: 'invalid_request' },
          ),
        ),
        // Stored as JavaScript reads it (issue 15, L6): a number like 1e-999999, which JSON allows
        // but the database cannot hold, is the 0 the client itself would read back.
        z.transform((text) => JSON.stringify(parseJson(text))),
      ),
      // Written out again, "1e20" takes 21 characters: the limit holds for what is stored.
      z.string().check(z.refine(fitsStateLimit, { error: 'too_long' })),
    ),
  ),
});

function fitsStateLimit(text: string): boolean {
  return new TextEncoder().encode(text).length <= VISITOR_STATE_MAX_BYTES;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The state's nesting, as text or as an object: at most MAX_JSON_DEPTH levels (docs/api.md). */
function nestsWithinLimit(state: unknown): boolean {
  return typeof state === 'string' ? jsonTextWithin(state, MAX_JSON_DEPTH) : valueWithin(state, MAX_JSON_DEPTH);
}

/** Whether jsonb can hold the value (isStorableText for every key and text); its nesting is checked before. */
function isStorableJson(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string' && !isStorableText(item)) return false;
    if (typeof item === 'number' && !Number.isFinite(item)) return false; // 1e999999 (issue 15, L6)
    if (typeof item !== 'object' || item === null) continue;
    for (const [key, inner] of Object.entries(item)) {
      if (!isStorableText(key)) return false;
      pending.push(inner);
    }
  }
  return true;
}

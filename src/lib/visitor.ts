import { z } from 'zod';
import { KNOWN_LANGUAGE_IDS } from './languages.ts';

/** localStorage keys of the portal start with this keyword (seed section 7). */
export const STORAGE_KEYWORD = 'marktverzeichnis';
export const VISITOR_ID_KEY = `${STORAGE_KEYWORD}.visitorId`;

/** Seed section 9 / api.md: the exhibition id is always 1. */
export const EXHIBITION_ID = 1;
/** api.md: the visitor state is JSON text of at most 64 KiB. */
export const VISITOR_STATE_MAX_BYTES = 64 * 1024;

export const visitorIdSchema = z
  .string({ error: 'invalid_visitor_id' })
  .trim()
  .toLowerCase()
  .pipe(z.uuidv4({ error: 'invalid_visitor_id' }));

export const languageIdSchema = z.coerce
  .number({ error: 'invalid_request' })
  .int({ error: 'invalid_request' })
  .refine((id) => KNOWN_LANGUAGE_IDS.includes(id), { error: 'invalid_request' });

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
  sys_languages_id: languageIdSchema.default(2),
});

/**
 * `POST update_visitor` (seed call 5): `state` is JSON text (form data) or an object (JSON body);
 * it becomes the JSON text to store.
 */
export const updateVisitorRequestSchema = z.object({
  visitor_id_js: visitorIdSchema,
  sys_languages_id: languageIdSchema.default(2),
  exhibition_id: z.coerce
    .number({ error: 'invalid_request' })
    .pipe(z.literal(EXHIBITION_ID, { error: 'invalid_request' }))
    .optional(),
  state: z.union([z.string(), visitorStateSchema], { error: 'invalid_request' }).transform((state, context) => {
    const text = typeof state === 'string' ? state : JSON.stringify(state);
    if (new TextEncoder().encode(text).length > VISITOR_STATE_MAX_BYTES) {
      context.addIssue({ code: 'custom', message: 'too_long' });
      return z.NEVER;
    }
    if (!visitorStateSchema.safeParse(parseJson(text)).success) {
      context.addIssue({ code: 'custom', message: 'invalid_request' });
      return z.NEVER;
    }
    return text;
  }),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

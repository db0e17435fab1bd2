import * as z from 'zod/mini';
import { ApiError } from '../api-error.ts';
import { hitLimit } from '../auth/rate-limit.ts';
import type { Queryable } from '../db/database.ts';

/**
 * What a clerk's import and subscribed calendar share at the API's edge (issue 54): the address of
 * a calendar as a form gives it, and the count of sources read.
 */
export const urlSchema = z.string({ error: 'required_fields' }).check(
  z.trim(),
  z.maxLength(2000, { error: 'too_long' }),
  // Whether the address is https on the public internet is the download's to say (calendar_unreachable).
  z.refine((url) => /^https?:\/\/[^\s]+$/i.test(url) && URL.canParse(url), { error: 'invalid_url' }),
);

/** A clerk imports a few sources an hour; each reading costs a thread up to 10 s. */
export const IMPORTS_PER_HOUR = { attempts: 60, windowSeconds: 60 * 60 };

/** Counts one source read for the account; refused (429) past the hour's share. */
export async function countImport(db: Queryable, userId: string, now: Date): Promise<void> {
  const wait = await hitLimit(db, { key: `import:${userId}`, ...IMPORTS_PER_HOUR }, now);
  if (wait !== null) throw ApiError.rateLimited(wait);
}

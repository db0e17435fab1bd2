import * as z from 'zod/mini';
import { EXHIBITION_ID } from './visitor.ts';

/**
 * The client's app state (seed section 3), kept in the visitor record through update_visitor.
 * Parsing never fails: a missing or malformed value falls back to its default.
 */
export const appStateSchema = z.object({
  keyword: z.catch(z.string().check(z.maxLength(200)), ''),
  exhibitionId: z.catch(z.literal(EXHIBITION_ID), EXHIBITION_ID),
  fontSize: z.catch(z.int().check(z.minimum(80), z.maximum(200)), 100),
  loggedIn: z.catch(z.boolean(), false),
  /** null means "the current year" (seed: the selected year defaults to it). */
  selectedYear: z.catch(z.nullable(z.int().check(z.minimum(2026), z.maximum(2100))), null),
  saveBarVisible: z.catch(z.boolean(), false),
  unsavedChanges: z.catch(z.boolean(), false),
  temporaryStatus: z.catch(z.boolean(), false),
  expandedMarkets: z.catch(z.record(z.string(), z.boolean()), {}),
  lastUpdated: z.catch(z.nullable(z.string()), null),
});
export type AppState = z.infer<typeof appStateSchema>;

export function appStateOf(stored: unknown): AppState {
  return appStateSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

import { z } from 'zod';
import { EXHIBITION_ID } from './visitor.ts';

/**
 * The client's app state (seed section 3), kept in the visitor record through update_visitor.
 * Parsing never fails: a missing or malformed value falls back to its default.
 */
export const appStateSchema = z.object({
  keyword: z.string().max(200).catch(''),
  exhibitionId: z.literal(EXHIBITION_ID).catch(EXHIBITION_ID),
  fontSize: z.number().int().min(80).max(200).catch(100),
  loggedIn: z.boolean().catch(false),
  /** null means "the current year" (seed: the selected year defaults to it). */
  selectedYear: z.number().int().min(2026).max(2100).nullable().catch(null),
  saveBarVisible: z.boolean().catch(false),
  unsavedChanges: z.boolean().catch(false),
  temporaryStatus: z.boolean().catch(false),
  expandedMarkets: z.record(z.string(), z.boolean()).catch({}),
  lastUpdated: z.string().nullable().catch(null),
});
export type AppState = z.infer<typeof appStateSchema>;

export function appStateOf(stored: unknown): AppState {
  return appStateSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

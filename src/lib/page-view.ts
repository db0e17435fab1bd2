import * as z from 'zod/mini';
import { LOCALES } from './languages.ts';

/**
 * What /js/analytics.js reports: a page path of the site and its language. Paths are plain
 * (no query, no hash), so nothing typed into a form can end up in the statistics.
 */
/** Editing pages are never counted: their addresses can hold one-time tokens (/anmelden/<token>). */
const EDITING_PATH = /^\/(?:(?:en|fr)\/)?(?:anmelden|maerkte|wochenmaerkte)(?:\/|$)/;

export const pageViewSchema = z.object({
  path: z.string().check(
    z.maxLength(300),
    z.regex(/^\/[\w\-./~%]*$/),
    z.refine((path) => !EDITING_PATH.test(path)),
  ),
  language: z.enum(LOCALES),
});
export type PageView = z.infer<typeof pageViewSchema>;

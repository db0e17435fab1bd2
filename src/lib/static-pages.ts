/** The pages under /seite/<id> (issue 5 gives them their content). */
export const STATIC_PAGE_IDS = ['impressum', 'datenschutz', 'barrierefreiheit', 'nutzungsbedingungen'] as const;
export type StaticPageId = (typeof STATIC_PAGE_IDS)[number];

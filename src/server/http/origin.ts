/**
 * api.md, "Origin rule": a state-changing request whose Origin (or Sec-Fetch-Site) shows another
 * site is refused. Requests without either header (the mobile app, scripts) pass on to be judged
 * by their credentials.
 */
export function isCrossSite(headers: Headers, trustProxy: boolean): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = (trustProxy ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined) ?? headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // "null" or garbage
  }
}

/**
 * api.md, "Origin rule": a state-changing request whose Origin (or Sec-Fetch-Site) shows another
 * site is refused. Requests without either header (the mobile app, scripts) pass on to be judged
 * by their credentials. Same origin means same scheme and host (issue 15, "Also"): a page on
 * http://portal.at may not post to https://portal.at. Behind a trusted proxy its own entries
 * count, which are the last ones of X-Forwarded-Host and X-Forwarded-Proto, as with
 * X-Forwarded-For; the ones before them come from the client.
 */
export function isCrossSite(headers: Headers, trustProxy: boolean, protocol: string): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  const lastForwarded = (name: string) =>
    trustProxy ? headers.get(name)?.split(',').at(-1)?.trim() || undefined : undefined;
  const host = lastForwarded('x-forwarded-host') ?? headers.get('host');
  const forwardedProto = lastForwarded('x-forwarded-proto');
  const scheme = forwardedProto ? `${forwardedProto}:` : protocol;
  try {
    const url = new URL(origin);
    return url.host !== host || url.protocol !== scheme;
  } catch {
    return true; // "null" or garbage
  }
}

import type { ServerResponse } from 'node:http';

/**
 * Headers every answer carries (api.md, "Details"). Pages get their script and style policy
 * from the CSP <meta> Astro writes with the hashes of its inline code; a header adds what a
 * <meta> cannot say (frame-ancestors). API answers are data and may load nothing.
 */
export function setSecurityHeaders(
  res: ServerResponse,
  isApi: boolean,
  https: boolean,
  /** An embeddable list (framable.ts): any website may frame it. */
  framable = false,
): void {
  const ancestors = framable ? 'frame-ancestors *' : "frame-ancestors 'none'";
  res.setHeader(
    'Content-Security-Policy',
    isApi
      ? "default-src 'none'; frame-ancestors 'none'"
      : `${ancestors}; object-src 'none'; base-uri 'self'; form-action 'self'`,
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  // X-Frame-Options knows no "anyone": left out, frame-ancestors alone decides.
  if (!framable) res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  // The portal's own pages may ask for the position ("In meiner Nähe", issue 52), only on a click;
  // a frame of another site never.
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), interest-cohort=()');
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

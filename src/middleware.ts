import { defineMiddleware } from 'astro:middleware';

/**
 * Pages rendered on demand get their Content-Security-Policy as a header from Astro, which
 * replaces the server's; the directives only a header can carry are added back here.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  const policy = response.headers.get('content-security-policy');
  if (policy && !policy.includes('frame-ancestors')) {
    response.headers.set('content-security-policy', `${policy.replace(/;?\s*$/, ';')} frame-ancestors 'none';`);
  }
  return response;
});

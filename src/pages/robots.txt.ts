import type { APIRoute } from 'astro';

/** The editing area and the API stay out of search engines; the sitemap lists the rest. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /api/',
      ...['', '/en', '/fr'].flatMap((prefix) => [
        `Disallow: ${prefix}/anmelden`,
        `Disallow: ${prefix}/maerkte`,
        `Disallow: ${prefix}/wochenmaerkte`,
      ]),
      '',
      `Sitemap: ${new URL('/sitemap.xml', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );

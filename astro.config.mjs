// @ts-check
import process from 'node:process';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/**
 * Issue 17: the portal publishes the directory within a minute of a save, without a rebuild. Its
 * routes (and the sitemap) are rendered on demand from the snapshot the server publishes, once per
 * content version (src/middleware.ts); only the static copy of the nightly run
 * (DIRECTORY_STATIC=1, src/server/directory/build-site.ts) pre-renders them.
 * @type {import('astro').AstroIntegration}
 */
const liveDirectory = {
  name: 'live-directory',
  hooks: {
    'astro:route:setup': ({ route }) => {
      if (
        /(^|\/)src\/pages\/(?:(?:en|fr)\/)?verzeichnis\/\[\.\.\.path\]\.astro$|src\/pages\/sitemap\.xml\.ts$/.test(
          route.component,
        )
      )
        route.prerender = process.env.DIRECTORY_STATIC === '1';
    },
  },
};

// The server in src/server/main.ts owns the HTTP listener: it answers /api itself and hands
// every other request to Astro's middleware handler (see docs/decisions/0002-one-server-process.md).
export default defineConfig({
  // Canonical and hreflang links, the sitemap and schema.org data need the public address.
  site: process.env.PUBLIC_BASE_URL || `http://localhost:${process.env.PORT || 4321}`,
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), liveDirectory],
  trailingSlash: 'ignore',
  i18n: {
    locales: ['de', 'en', 'fr'],
    defaultLocale: 'de',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  security: {
    // Astro hashes its own inline scripts and styles into a CSP <meta>; the server adds the
    // header-only directives (frame-ancestors) on every answer.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  prefetch: false,
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
});

// @ts-check
import { readdir, readFile, writeFile } from 'node:fs/promises';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/**
 * Issue 17: the portal publishes the directory within a minute of a save, without a rebuild. Its
 * routes (and the sitemap) are rendered on demand from the snapshot the server publishes, once per
 * content version (src/middleware.ts), and so is the search, per request (issue 52); only the
 * static copy of the nightly run (DIRECTORY_STATIC=1, src/server/directory/build-site.ts)
 * pre-renders them.
 * @type {import('astro').AstroIntegration}
 */
const liveDirectory = {
  name: 'live-directory',
  hooks: {
    'astro:route:setup': ({ route }) => {
      if (
        /(^|\/)src\/pages\/(?:(?:en|fr)\/)?verzeichnis\/(?:\[\.\.\.path\]|suche)\.astro$|src\/pages\/sitemap\.xml\.ts$/.test(
          route.component,
        )
      )
        route.prerender = process.env.DIRECTORY_STATIC === '1';
    },
  },
};

/** Where the built server code gets the map of island chunks (src/components/screens/island-preloads.ts). */
const ISLAND_CHUNKS_PLACEHOLDER = /(['"`])@@ISLAND_CHUNKS@@\1/g;

/**
 * Issue 50: an island's code was fetched only once the parser reached the island, and each of its
 * chunks only once the chunk importing it had arrived, four round trips one after the other behind
 * the page's own work. The client build notes each entry's chunks (itself and all it imports,
 * transitively); the built server code gets that map in place of a placeholder, once every
 * environment is built, and the editing pages preload an island's chunks from their head.
 * @type {import('astro').AstroIntegration}
 */
const islandChunks = (() => {
  /** @type {Record<string, string[]>} */
  let chunksOf = {};
  /** @type {URL | undefined} */
  let serverDir;
  return {
    name: 'island-chunks',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'island-chunks',
                generateBundle(_, bundle) {
                  if (this.environment.name !== 'client') return;
                  /** @type {(file: string, seen: Set<string>) => Set<string>} */
                  const withImports = (file, seen) => {
                    const chunk = bundle[file];
                    if (seen.has(file) || chunk?.type !== 'chunk') return seen;
                    seen.add(file);
                    for (const imported of chunk.imports) withImports(imported, seen);
                    return seen;
                  };
                  for (const chunk of Object.values(bundle)) {
                    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
                    chunksOf[`/${chunk.fileName}`] = [...withImports(chunk.fileName, new Set())].map(
                      (file) => `/${file}`,
                    );
                  }
                },
              },
            ],
          },
        });
      },
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:start': () => {
        chunksOf = {};
      },
      'astro:build:done': async () => {
        if (!serverDir) return;
        const dir = fileURLToPath(serverDir);
        const literal = JSON.stringify(JSON.stringify(chunksOf));
        for (const file of await readdir(dir, { recursive: true })) {
          if (!file.endsWith('.mjs')) continue;
          const code = await readFile(`${dir}/${file}`, 'utf8');
          if (code.includes('@@ISLAND_CHUNKS@@'))
            await writeFile(
              `${dir}/${file}`,
              code.replace(ISLAND_CHUNKS_PLACEHOLDER, () => literal),
            );
        }
      },
    },
  };
})();

/**
 * Issue 52: Astro hashes each page's inline style and scripts for its Content-Security-Policy on
 * every rendering, with crypto.subtle.digest, which runs on the thread pool: every page rendered
 * on demand then waited for a turn of the event loop, under the load test 90 ms at the median for
 * a search page that takes 4 ms to render. The same digest from node:crypto is taken at once (the
 * 18 KB style in microseconds). Only the server's build is changed, and it fails when the digest
 * is not found there (a new Astro that hashes elsewhere), so this is looked at again rather than
 * silently lost.
 * @type {import('vite').Plugin}
 */
const cspDigestAtOnce = (() => {
  const onThreadPool = 'await crypto.subtle.digest(algorithm, encoder.encode(data))';
  const atOnce = "createHash(algorithm.replace('-', '').toLowerCase()).update(data).digest()";
  let rewritten = false;
  return {
    name: 'csp-digest-at-once',
    transform(code, id) {
      if (this.environment.name !== 'ssr' || !id.replaceAll('\\', '/').endsWith('/astro/dist/core/encryption.js'))
        return;
      if (!code.includes(onThreadPool)) return;
      rewritten = true;
      return `import { createHash } from 'node:crypto';\n${code.replace(onThreadPool, atOnce)}`;
    },
    buildEnd(error) {
      if (!error && this.environment.name === 'ssr' && !rewritten)
        throw new Error(
          "Astro's CSP digest was not found in the server's build: look at cspDigestAtOnce in astro.config.mjs.",
        );
    },
  };
})();

const site = process.env.PUBLIC_BASE_URL || `http://localhost:${process.env.PORT || 4321}`;

// The server in src/server/main.ts owns the HTTP listener: it answers /api itself and hands
// every other request to Astro's middleware handler (see docs/decisions/0002-one-server-process.md).
export default defineConfig({
  // Canonical and hreflang links, the sitemap and schema.org data need the public address.
  site,
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), liveDirectory, islandChunks],
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
        // The static copy's search form asks the portal (search-screen.astro).
        `form-action 'self'${process.env.DIRECTORY_STATIC === '1' ? ` ${new URL(site).origin}` : ''}`,
      ],
    },
  },
  prefetch: false,
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  vite: { plugins: [cspDigestAtOnce] },
});

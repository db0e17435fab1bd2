import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { createServer } from 'vite';
import { DIRECTORY_PATH, type Directory } from '../../../src/lib/directory/directory.ts';
import { type DirectoryPage } from '../../../src/lib/directory/listing.ts';
import { localizedPath, type Locale } from '../../../src/lib/languages.ts';
import { DIRECTORY_FILE_VARIABLE } from '../../../src/server/directory/build-site.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The directory's route in each language: what `npm run build` renders for every page. */
const ROUTES: Record<Locale, string> = {
  de: '/src/pages/verzeichnis/[...path].astro',
  en: '/src/pages/en/verzeichnis/[...path].astro',
  fr: '/src/pages/fr/verzeichnis/[...path].astro',
};

export interface DirectoryRenderer {
  /** The HTML of one directory page, rendered by the real route and components. */
  render(page: DirectoryPage, pagePath: string, locale: Locale): Promise<string>;
  /** The HTML of the search page for a query, as the portal renders it from what it published (issue 52). */
  renderSearch(
    query: string,
    published: Pick<NonNullable<App.Locals['published']>, 'directory' | 'places'>,
  ): Promise<string>;
  close(): Promise<void>;
}

/**
 * The directory pages without the full build: Vite with the project's Astro configuration compiles
 * the route files, Astro's container renders them with the props `getStaticPaths` would give.
 * `directory` is the snapshot the components read for what is not in a page's props (the years).
 */
export async function startDirectoryRenderer(directory: Directory, site: string): Promise<DirectoryRenderer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'directory-render-'));
  const file = path.join(folder, 'directory.json');
  writeFileSync(file, JSON.stringify(directory));
  const previous = process.env[DIRECTORY_FILE_VARIABLE];
  process.env[DIRECTORY_FILE_VARIABLE] = file;
  const viteConfig = await getViteConfig(
    {
      root: ROOT,
      cacheDir: path.join(folder, 'vite'),
      logLevel: 'warn',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, watch: null },
    },
    { root: ROOT, logLevel: 'warn' },
  )({ mode: 'development', command: 'serve' });
  const vite = await createServer({ ...viteConfig, configFile: false });
  const container = await AstroContainer.create({ astroConfig: { site } });
  const routes = new Map<Locale, AstroComponentFactory>();
  const routeOf = async (locale: Locale) => {
    let route = routes.get(locale);
    if (!route) {
      route = ((await vite.ssrLoadModule(ROUTES[locale])) as { default: AstroComponentFactory }).default;
      routes.set(locale, route);
    }
    return route;
  };

  return {
    async render(page, pagePath, locale) {
      const url = new URL(localizedPath(pagePath, locale), site);
      return container.renderToString(await routeOf(locale), {
        props: { page },
        params: { path: pagePath.slice(DIRECTORY_PATH.length + 1) || undefined },
        request: new Request(url),
        partial: false,
      });
    },
    async renderSearch(query, published) {
      const route = (
        (await vite.ssrLoadModule('/src/pages/verzeichnis/suche.astro')) as { default: AstroComponentFactory }
      ).default;
      return container.renderToString(route, {
        request: new Request(new URL(`${DIRECTORY_PATH}/suche?${query}`, site)),
        // The search page reads only these of what the portal published.
        locals: { published } as App.Locals,
        partial: false,
      });
    },
    async close() {
      await vite.close();
      if (previous === undefined) delete process.env[DIRECTORY_FILE_VARIABLE];
      else process.env[DIRECTORY_FILE_VARIABLE] = previous;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type PagesHandler = (req: IncomingMessage, res: ServerResponse, locals: App.Locals) => Promise<void>;

const DIST = new URL('../../../dist/', import.meta.url);

export class PagesMissingError extends Error {
  override name = 'PagesMissingError';
}

/** Astro's middleware-mode handler from the build (`npm run build`), and the folder of its static files. */
export async function loadPages(): Promise<{ handler: PagesHandler; clientDir: string; build: string }> {
  const entry = new URL('server/entry.mjs', DIST);
  if (!existsSync(entry)) {
    throw new PagesMissingError('The pages are not built yet: run `npm run build` first (`npm start` builds them).');
  }
  const { handler } = (await import(pathToFileURL(fileURLToPath(entry)).href)) as {
    handler: (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => Promise<void>;
  };
  return {
    handler: (req, res, locals) => handler(req, res, undefined, locals),
    clientDir: fileURLToPath(new URL('client/', DIST)),
    build: buildOf(fileURLToPath(new URL('server/', DIST))),
  };
}

/**
 * The build, as a short hash of its server's files and of the packages installed with it: a page
 * rendered by another build may load other scripts or show other words, so its files are not
 * sent (page-files.ts).
 */
function buildOf(server: string): string {
  const lock = new URL('../../../package-lock.json', import.meta.url);
  const hash = createHash('sha256').update(existsSync(lock) ? readFileSync(lock) : '');
  for (const name of readdirSync(server, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(server, name);
    if (statSync(file).isFile()) hash.update(`\0${name}\0`).update(readFileSync(file));
  }
  return hash.digest('base64url').slice(0, 16);
}

import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DatabaseStartError } from '../src/server/db/database.ts';
import { BuildError, buildSite } from '../src/server/directory/build-site.ts';

/** `npm run build`: every page of the portal, the public directory as the database holds it now, and its search. */
try {
  const report = await buildSite(loadConfig());
  const { read, pages, search, compress } = report.seconds;
  const { copied, failed } = report.images;
  const { files, bytes } = report.compressed;
  const mb = (size: number) => (size / 1e6).toFixed(1);
  console.log(
    `Directory of ${report.markets} markets built: reading ${read.toFixed(1)} s, pages ${pages.toFixed(1)} s, search index ${search.toFixed(1)} s, compression ${compress.toFixed(1)} s ` +
      `(${files} text files, ${mb(bytes.identity)} MB: ${mb(bytes.br)} MB brotli, ${mb(bytes.gzip)} MB gzip).` +
      (copied + failed ? ` Market images: ${copied} copied, ${failed} not reachable (linked instead).` : ''),
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseStartError || error instanceof BuildError) {
    console.error(`Cannot build: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

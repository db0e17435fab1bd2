import { BuildError } from '../src/server/directory/build-error.ts';
import { buildPortal } from '../src/server/directory/build-site.ts';

/**
 * `npm run build`: every page of the portal. The public directory is not among them: the running
 * portal publishes it from the database (issue 17); `npm run nightly` makes a complete static copy.
 */
try {
  const { seconds, compressed } = await buildPortal();
  const mb = (size: number) => (size / 1e6).toFixed(1);
  console.log(
    `Portal built in ${seconds.toFixed(1)} s (${compressed.files} text files, ${mb(compressed.bytes.identity)} MB: ` +
      `${mb(compressed.bytes.br)} MB brotli, ${mb(compressed.bytes.gzip)} MB gzip).`,
  );
} catch (error) {
  if (error instanceof BuildError) {
    console.error(`Cannot build: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

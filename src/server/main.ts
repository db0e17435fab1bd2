import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseStartError } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { redact } from './db/postgres.ts';
import { DEMO_EMAIL, seedDemoData } from './demo/demo-data.ts';
import { importBundledMasterDataIfEmpty } from './master-data/import.ts';
import { loadPages, PagesMissingError } from './http/pages.ts';
import { startServer } from './http/server.ts';

/**
 * `npm start` (with --build) and `npm run serve`: validate the environment, build the pages,
 * open and migrate the database, fill an empty one, and serve. Every failure an operator can
 * fix ends the process with one line saying what to do.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes('--build')) {
    await assertPortFree(config);
    buildPages();
  }
  const pages = await loadPages();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const imported = await importBundledMasterDataIfEmpty(db);
  if (imported)
    console.log(
      `Imported ${imported.municipalities} municipalities in ${imported.districts} districts (Statistik Austria).`,
    );
  const seeded = config.SEED_DEMO && (await seedDemoData(db, new Date()));

  const running = await startServer({ config, db, pages }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  console.log(
    `Markets directory portal at ${running.url} (database: ${config.DATABASE_URL ? redact(config.DATABASE_URL) : `embedded, ${config.DATA_DIR}`})`,
  );
  if (seeded) {
    console.log(
      `Demo data created. Register the demo account at ${running.url}/anmelden with ${DEMO_EMAIL} and a password of your choice.`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await running.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

function buildPages(): void {
  // The bin is not among astro's exports; its package.json is.
  const astro = fileURLToPath(new URL('bin/astro.mjs', import.meta.resolve('astro/package.json')));
  const result = spawnSync(process.execPath, [astro, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new StartError('Building the pages failed (see above).');
}

/** Fails before a long build when the port is taken. */
async function assertPortFree(config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  });
}

class StartError extends Error {}

function explain(error: unknown): string | null {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    error instanceof PagesMissingError ||
    error instanceof StartError
  ) {
    return error.message;
  }
  const { code, port, address } = error as { code?: string; port?: number; address?: string };
  if (code === 'EADDRINUSE')
    return `Port ${port} on ${address} is already in use: stop the other program or set PORT to a free port.`;
  if (code === 'EACCES' && port !== undefined) return `Port ${port} needs privileges: set PORT to a number above 1023.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST ${address ?? ''} is not an address of this machine.`;
  return null;
}

main().catch((error: unknown) => {
  const message = explain(error);
  console.error(message ? `Cannot start: ${message}` : error);
  process.exit(1);
});

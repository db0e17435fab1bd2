import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAKERS = ['src/server/db/migrations', 'src/server/db/migrate.ts', 'src/server/master-data'];

/**
 * The path of an embedded database migrated and given Statistik Austria's lists, dumped whole
 * (PGlite's dumpDataDir): Vitest's test files and Playwright's portals begin from it (issue 51).
 * Kept between runs in node_modules/.cache under the hash of what makes it.
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as {
    version: string;
  };
  hash.update(pglite.version);
  for (const maker of MAKERS) {
    const at = path.join(ROOT, maker);
    const files = maker.endsWith('.ts') ? [at] : (await readdir(at)).sort().map((name) => path.join(at, name));
    for (const file of files) hash.update(path.relative(ROOT, file)).update(await readFile(file));
  }
  const dump = path.join(ROOT, 'node_modules/.cache/portal-tests', `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (
    await stat(dump).then(
      () => true,
      () => false,
    )
  )
    return dump;
  const folder = path.join(tmpdir(), `portal-template-${randomBytes(6).toString('hex')}`);
  try {
    const db = await openDatabase({ dataDir: folder });
    await importBundledMasterDataIfEmpty(db);
    await db.close();
    const made = await PGlite.create(path.join(folder, 'pglite'));
    const tar = Buffer.from(await (await made.dumpDataDir('none')).arrayBuffer());
    await made.close();
    await mkdir(path.dirname(dump), { recursive: true });
    const part = `${dump}.${process.pid}`;
    await writeFile(part, tar);
    await rename(part, dump); // whole or not there: another run may be reading it
    return dump;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Puts the template's database (pgliteTemplate) into a portal's empty DATA_DIR, where the portal
 * finds it at start: a test whose point is not the first start skips initdb, the migrations and
 * the master data (several seconds of a busy core each).
 */
export async function databaseFromTemplate(dataDir: string, template: string): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([await readFile(template)]) });
  await db.close();
}

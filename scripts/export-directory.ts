import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBook } from '../src/export/book/export-directory.ts';
import { editionAddress } from '../src/lib/book/addresses.ts';
import { bookOf, type Book } from '../src/lib/book/book.ts';
import { isLocale } from '../src/lib/languages.ts';
import { loadConfig, publicBaseUrl } from '../src/server/config.ts';
import { restrictFileModes } from '../src/server/file-modes.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { prepareDatabase } from '../src/server/prepare-database.ts';
import { readDirectory } from '../src/server/directory/read-directory.ts';
import { recordEdition } from '../src/server/services/book-editions.ts';
import { runOperatorCommand, UsageError } from './operator-command.ts';

/**
 * `npm run export:directory -- --year 2027 [--lang de|en|fr] [--format a5|a4] [--out DIR]`
 * (api.md): the printed directory book of a year as PDF, CSV and JSON; prints the paths written.
 */
const usage =
  'Usage: npm run export:directory -- --year YYYY [--lang de|en|fr] [--format a5|a4] [--out DIR]\n' +
  'Writes directory-YYYY-<lang>.pdf, .csv and .json into DIR (default DATA_DIR/exports).';
await runOperatorCommand(usage, async () => {
  const { values } = parseArgs({
    options: {
      year: { type: 'string' },
      lang: { type: 'string', default: 'de' },
      format: { type: 'string', default: 'a5' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const year = Number(values.year);
  if (!Number.isInteger(year) || year < 2026 || year > 2100)
    throw new UsageError(`--year must be a year from 2026.\n${usage}`);
  if (!isLocale(values.lang)) throw new UsageError(`--lang must be de, en or fr.\n${usage}`);
  if (values.format !== 'a5' && values.format !== 'a4') throw new UsageError(`--format must be a5 or a4.\n${usage}`);
  const config = loadConfig();
  for (const warning of restrictFileModes(config.DATA_DIR)) console.warn(warning);
  const now = new Date();
  const started = performance.now();
  // Read, then close the database before rendering: its memory and the book's are not needed at once.
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  let book: Book;
  let edition: string;
  try {
    await prepareDatabase(db, config, now);
    book = bookOf(await readDirectory(db, now, year), year);
    // Issue 55: this book goes to print; its cover leads to the edition's changes.
    edition = await recordEdition(db, book, now);
  } finally {
    await db.close();
  }
  const { files, pages } = await writeBook(book, config, {
    year,
    locale: values.lang,
    format: values.format,
    outDir: values.out ?? path.join(config.DATA_DIR, 'exports'),
    now,
    edition,
  });
  for (const file of files) console.log(file);
  const changes = editionAddress(edition, values.lang, publicBaseUrl(config));
  console.error(`Edition ${edition}: its changes since going to print are at ${changes}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const peak = Math.round(process.resourceUsage().maxRSS / 1024);
  console.error(`Exported in ${seconds} s (PDF of ${pages} pages); peak memory ${peak} MB.`);
});

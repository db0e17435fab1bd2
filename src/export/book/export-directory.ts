import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CampaignCount } from '../../lib/campaign.ts';
import type { Locale } from '../../lib/languages.ts';
import { publicBaseUrl, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { readDirectory } from '../../server/directory/read-directory.ts';
import { recordEdition } from '../../server/services/book-editions.ts';
import { confirmedCount } from '../../server/services/campaign.ts';
import { bookOf, type Book } from '../../lib/book/book.ts';
import { bookCsv, bookJson } from './book-files.ts';
import { bookPdf } from './book-pdf.ts';
import type { PaperFormat } from './book-typesetter.ts';

export interface ExportOptions {
  year: number;
  locale: Locale;
  format: PaperFormat;
  outDir: string;
  now?: Date;
  /** Issue 22: the update campaign's count for the cover; exportDirectory reads it. */
  campaign?: CampaignCount | null;
  /**
   * Issue 55: the book goes to print: it is recorded as an edition (the same content exported
   * before is that edition), and its cover leads to the edition's change page.
   */
  print?: boolean;
}

/**
 * `npm run export:directory`: the printed directory of a year as PDF, CSV and JSON
 * (`directory-<year>-<lang>.*` in `outDir`). Each file appears whole or not at all: it is
 * written under a temporary name and renamed when complete.
 */
export async function exportDirectory(
  db: Database,
  config: Config,
  options: ExportOptions,
): Promise<{ files: string[]; pages: number }> {
  const now = options.now ?? new Date();
  const book = bookOf(await readDirectory(db, now, options.year), options.year);
  const edition = options.print ? await recordEdition(db, book, now) : null;
  return writeBook(book, config, { ...options, edition, campaign: options.campaign ?? (await confirmedCount(db)) });
}

/** The files of a book already read (the command closes the database before it renders). */
export async function writeBook(
  book: Book,
  config: Config,
  options: ExportOptions & { edition: string | null },
): Promise<{ files: string[]; pages: number }> {
  await mkdir(options.outDir, { recursive: true });
  const base = path.join(options.outDir, `directory-${options.year}-${options.locale}`);
  const { pdf, pages } = await bookPdf(book, {
    locale: options.locale,
    format: options.format,
    siteTitle: config.SITE_TITLE,
    providerName: config.PROVIDER_NAME,
    // The cover says how many municipalities confirmed this book's year, not another's.
    confirmedMunicipalities: options.campaign?.year === options.year ? options.campaign.confirmed_municipalities : null,
    baseUrl: publicBaseUrl(config),
    edition: options.edition,
  });
  const files: [string, string | Buffer][] = [
    [`${base}.csv`, bookCsv(book, options.locale, publicBaseUrl(config))],
    [`${base}.json`, bookJson(book, options.locale, config.PROVIDER_NAME)],
    [`${base}.pdf`, pdf],
  ];
  for (const [file, content] of files) {
    await writeFile(`${file}.partial`, content);
    await rename(`${file}.partial`, file);
  }
  return { files: files.map(([file]) => file), pages };
}

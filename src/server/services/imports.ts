import { ApiError } from '../api-error.ts';
import type { Database } from '../db/database.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { readInThread } from '../imports/import-reader.ts';
import type { ReadSource } from '../imports/imported-market.ts';
import { applyImport, previewImport, type PreviewRow } from './market-imports.ts';
import type { SavedRecords } from './market-saves.ts';
import { applyMunicipalitiesImport, previewMunicipalitiesImport } from './municipality-imports.ts';

/** A calendar fetched from its address (directory/public-download.ts, given by the API's wiring). */
export type CalendarDownload = (url: string) => Promise<{ bytes: Uint8Array } | null>;

export type ImportSource = { file: { name: string; bytes: Uint8Array } } | { url: string };

/**
 * Issue 54: a clerk's import of markets from a calendar or a spreadsheet (docs/api.md, extension).
 * The source is read on a thread of its own (imports/import-reader.ts), then compared and kept as
 * a preview on the database's thread; applying the rows the clerk picked is one transaction.
 */
export function createImportService({
  db,
  clock,
  download,
  onChange = () => {},
}: {
  db: Database;
  clock: () => Date;
  download: CalendarDownload;
  onChange?: () => void;
}) {
  return {
    /** `municipality`: the clerk's, whose lines the source's may name (read-sheet.ts). */
    async preview(
      session: string,
      source: ImportSource,
      municipality: string,
    ): Promise<{ id: string; rows: PreviewRow[] }> {
      const now = clock();
      const read = await readSource(source, now, municipality);
      return db.run(previewImport, { session, label: labelOf(source), read, now });
    },

    async apply(session: string, request: { id: string; rows: readonly number[] }): Promise<SavedRecords> {
      const saved = await db.run(applyImport, { session, ...request, now: clock() });
      onChange();
      return saved;
    },

    /** A calendar's address a clerk subscribes to must be readable now: refused as its preview would be. */
    async check(url: string): Promise<void> {
      await readSource({ url }, clock());
    },

    /** The operator's spreadsheet for many municipalities (a gkz column), previewed per municipality. */
    async previewForMunicipalities(session: string, source: ImportSource) {
      const now = clock();
      const read = await readSource(source, now);
      return db.run(previewMunicipalitiesImport, { session, label: labelOf(source), read, now });
    },

    async applyForMunicipalities(session: string, request: { id: string; rows: readonly number[] }) {
      const written = await db.run(applyMunicipalitiesImport, { session, ...request, now: clock() });
      onChange();
      return written;
    },
  };

  function readSource(source: ImportSource, now: Date, municipality?: string): Promise<ReadSource> {
    const today = viennaDay(now);
    return 'url' in source
      ? readAddress(download, source.url, today, municipality)
      : readInThread(source.file.bytes, today, municipality);
  }
}

/** The calendar at an address, read as a clerk's preview and the nightly run read it; refused as ApiError. */
export async function readAddress(
  download: CalendarDownload,
  url: string,
  today: string,
  municipality?: string,
): Promise<ReadSource> {
  const bytes = (await download(url))?.bytes;
  if (!bytes) throw new ApiError('calendar_unreachable', { url: 'calendar_unreachable' });
  try {
    return await readInThread(bytes, today, municipality);
  } catch (error) {
    // An address is asked for a calendar: a page that is none is not called a spreadsheet.
    if (error instanceof ApiError && error.code === 'not_a_spreadsheet')
      throw new ApiError('not_a_calendar', { url: 'not_a_calendar' });
    throw error;
  }
}

function labelOf(source: ImportSource): string {
  return 'url' in source ? source.url : source.file.name;
}

export type ImportService = ReturnType<typeof createImportService>;

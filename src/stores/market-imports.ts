import { callApi } from './api-client.ts';
import { mergeSaved, refreshContent, type SavedRecords } from './content.ts';
import { noteSaved } from './markets.ts';

/** One row of an import's preview (docs/api.md, "Importing markets"): a market of the source and what it would do. */
export interface ImportRow {
  row: number;
  status: 'new' | 'same' | 'changed' | 'conflict' | 'refused';
  title: string;
  reason?: string;
  message?: string;
  changes?: Record<string, [unknown, unknown]>;
  conflicts?: string[];
  dates?: { added: ImportedDate[]; removed: ImportedDate[] };
}
export interface ImportedDate {
  date_start: string;
  date_end: string;
  time_from: string | null;
  time_to: string | null;
}

/** Issue 54: a calendar file, a spreadsheet or a calendar's address, read and compared; nothing is saved yet. */
export async function previewImport(
  source: { file: File } | { url: string },
): Promise<{ id: string; rows: ImportRow[] }> {
  const form = new FormData();
  if ('file' in source) form.set('file', source.file);
  else form.set('url', source.url);
  return callApi('import_preview', { form });
}

/**
 * The rows the clerk picked, in one transaction; answers the markets written. The
 * municipality's content is read again after: an import also deletes dates, which its answer
 * (the dates written) cannot tell.
 */
export async function applyImport(id: string, rows: readonly number[]): Promise<{ id: string; title: string }[]> {
  const answer = await callApi<SavedRecords>('import_apply', { fields: { id, rows: rows.join(',') } });
  mergeSaved(answer);
  await refreshContent();
  const markets = Object.values(Object.values(answer.wko_markets)[0] ?? {}).map(({ id, title }) => ({ id, title }));
  noteSaved(markets[0]?.id ?? null);
  return markets;
}

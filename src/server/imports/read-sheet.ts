import { MESSAGES } from '../../lib/i18n.ts';
import { namedType, nearestType, plain, typeInWords } from './market-kinds.ts';
import {
  IMPORT_LIMITS,
  pastOrOutside,
  placeKey,
  UnreadableSource,
  type ImportedDate,
  type ImportedMarket,
  type ImportWindow,
  type ReadSource,
  type RefusedRow,
} from './imported-market.ts';

/**
 * Issue 54: the markets of a spreadsheet (CSV or XLSX, read by read-source.ts into rows of cells).
 * The first line names the columns, in any of the three languages of the template
 * (`import.column.<name>`); each further line is one date of a market. Lines with the same id, or
 * without ids the same title and place, are one market with several dates. A line that cannot be
 * read is refused where it stands; the market keeps its other lines.
 */

export const SHEET_COLUMNS = [
  'id',
  'title',
  'type',
  'date_start',
  'date_end',
  'time_from',
  'time_to',
  'event_location',
  'description',
  'website',
] as const;
/** The operator's spreadsheet has one column more: the municipality of each line (issue 54). */
export const OPERATOR_COLUMN = 'gkz';
type Column = (typeof SHEET_COLUMNS)[number] | typeof OPERATOR_COLUMN;
const COLUMNS: readonly Column[] = [...SHEET_COLUMNS, OPERATOR_COLUMN];

export type Cell = string | number | boolean | Date | null;

const HEADERS: ReadonlyMap<string, Column> = new Map(
  COLUMNS.flatMap((column) => [
    [column, column] as const,
    ...Object.values(MESSAGES).map(
      (messages) => [plain(messages[`import.column.${column}`] ?? column), column] as const,
    ),
  ]),
);

type Line = Partial<Record<Column, string>> & { row: number };

/**
 * `municipality`: whose import this is (a clerk's, the nightly run's): a line naming it is read as
 * one naming none, so one market's lines with and without the column are one market.
 */
export function readSheet(rows: readonly (readonly Cell[])[], window: ImportWindow, municipality?: string): ReadSource {
  const [header = [], ...body] = rows;
  if (header.length > IMPORT_LIMITS.columns) throw new UnreadableSource('too_many_columns');
  if (body.length > IMPORT_LIMITS.rows) throw new UnreadableSource('too_many_rows');
  const columns = header.map((cell) => HEADERS.get(plain(textOf(cell))));
  if (!columns.includes('title') || !columns.includes('date_start')) throw new UnreadableSource('not_a_spreadsheet');

  const refused: RefusedRow[] = [];
  const groups = new Map<string, { market: ImportedMarket; days: Set<string> }>();
  body.forEach((cells, index) => {
    // The header is line 1, as a spreadsheet program numbers it.
    const line: Line = { row: index + 2 };
    columns.forEach((column, at) => {
      if (column)
        line[column] =
          column.startsWith('date') || column.startsWith('time')
            ? cellText(cells[at])
            : textOf(cells[at] ?? null).trim();
    });
    if (Object.entries(line).every(([column, value]) => column === 'row' || !value)) return;
    if (municipality && line.gkz === municipality) delete line.gkz;
    const outcome = marketOf(line, window);
    if ('reason' in outcome) {
      refused.push(line.gkz && /^\d{5}$/.test(line.gkz) ? { ...outcome, gkz: line.gkz } : outcome);
      return;
    }
    // The same title and place in two municipalities are two markets.
    const groupKey = `${outcome.gkz ?? ''}|${outcome.key}`;
    const group = groups.get(groupKey);
    const date = outcome.dates[0]!;
    const day = `${date.date_start}/${date.time_from ?? ''}`;
    if (!group) groups.set(groupKey, { market: outcome, days: new Set([day]) });
    else if (group.days.has(day))
      refused.push({
        row: line.row,
        title: outcome.title,
        reason: 'duplicate',
        ...(outcome.gkz ? { gkz: outcome.gkz } : {}),
      });
    else {
      group.days.add(day);
      group.market.dates.push(date);
    }
  });
  const markets = [...groups.values()].map(({ market }) => market);
  const tooMany = markets.filter((market) => market.dates.length > IMPORT_LIMITS.datesPerMarket);
  refused.push(
    ...tooMany.map(({ row, title, gkz }) => ({
      row,
      title,
      reason: 'too_many_dates' as const,
      ...(gkz ? { gkz } : {}),
    })),
  );
  return { markets: markets.filter((market) => !tooMany.includes(market)), refused };
}

function marketOf(line: Line, window: ImportWindow): ImportedMarket | RefusedRow {
  const { row } = line;
  const title = line.title ?? '';
  if (!title) return { row, title, reason: 'no_title' };
  // Cells are values, never formulas: a text that a spreadsheet would run ("=HYPERLINK(…)") is refused where it stands.
  const formula = COLUMNS.find((column) => /^[=@]/.test(line[column] ?? ''));
  if (formula) return { row, title, reason: 'formula', values: { field: formula } };
  if (line.gkz && !/^\d{5}$/.test(line.gkz))
    return { row, title, reason: 'unknown_municipality', values: { given: line.gkz } };
  const typeName = line.type ?? '';
  // Without a type the title may say it ("Kürbis-Bauernmarkt"), as a calendar's does.
  const type = typeName ? namedType(typeName) : typeInWords(title);
  if (!type && !typeName) return { row, title, reason: 'no_type' };
  if (!type) return { row, title, reason: 'unknown_type', values: { given: typeName, nearest: nearestType(typeName) } };
  if (!line.date_start) return { row, title, reason: 'no_date' };
  const date_start = dayOf(line.date_start);
  const date_end = line.date_end ? dayOf(line.date_end) : date_start;
  if (!date_start || !date_end || date_end < date_start) return { row, title, reason: 'invalid_date' };
  const time_from = line.time_from ? timeOf(line.time_from) : null;
  const time_to = line.time_to ? timeOf(line.time_to) : null;
  if (time_from === undefined || time_to === undefined || (time_from && time_to && time_to <= time_from))
    return { row, title, reason: 'invalid_time' };
  const date: ImportedDate = { date_start, date_end, time_from, time_to };
  // A date that began before today is history here too (the portal adds none such, seed section 5).
  if (date_start < window.today || date_end > window.lastDay)
    return { row, title, reason: pastOrOutside(date, window) };
  const place = line.event_location ?? '';
  return {
    row,
    key: line.id ? `id:${line.id}` : placeKey(title, place),
    title,
    type,
    description: line.description ?? '',
    event_location: place,
    website: line.website ?? '',
    rule: null,
    season: null,
    dates: [date],
    ...(line.gkz ? { gkz: line.gkz } : {}),
  };
}

/** A cell as text: a spreadsheet's value, never its formula (read-source.ts reads values only). */
function textOf(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

/** Dates and times keep Excel's own kinds as text a later step reads: a day as YYYY-MM-DD, a time as HH:MM. */
function cellText(cell: Cell | undefined): string {
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) {
    // Excel keeps a time of day as a date on its first day (1899-12-30/31), at that time, in UTC.
    const iso = cell.toISOString();
    return cell.getUTCFullYear() < 1901 ? iso.slice(11, 16) : iso.slice(0, 10);
  }
  // A time of day as Excel's number: the fraction of a day.
  if (typeof cell === 'number' && cell >= 0 && cell < 1) {
    const minutes = Math.round(cell * 24 * 60);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }
  return textOf(cell ?? null).trim();
}

/** 2027-05-01, 1.5.2027 or 01.05.27; null for anything else or a day the calendar lacks. */
function dayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : german
      ? [german[3]!.length === 2 ? `20${german[3]}` : german[3], german[2], german[1]]
      : [];
  if (!year || !month || !day) return null;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** 8:00, 08.00, 8 Uhr → 08:00; undefined for what is no time of day. */
function timeOf(text: string): string | undefined {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(?:\s*(?:uhr|h))?$/i.exec(text.trim());
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import { csvFile } from '../../../lib/csv.ts';
import { translator, type MessageKey } from '../../../lib/i18n.ts';
import { isStorableText } from '../../../lib/validation.ts';
import { ApiError } from '../../api-error.ts';
import type { Queryable } from '../../db/database.ts';
import { IMPORT_LIMITS } from '../../imports/imported-market.ts';
import { OPERATOR_COLUMN, SHEET_COLUMNS } from '../../imports/read-sheet.ts';
import type { ImportService, ImportSource } from '../../services/imports.ts';
import type { PreviewRow } from '../../services/market-imports.ts';
import type { ApiEnv } from '../api-env.ts';
import { discardBody } from '../discard-body.ts';
import { countImport, urlSchema } from '../import-requests.ts';
import { parseFields, readFields } from '../request.ts';
import { confirmedWriter, sessionToken } from '../session-user.ts';

/** The paths that take a source of up to 10 MB: a clerk's preview and the operator's (api.ts chooses by path). */
export const IMPORT_PREVIEW_PATHS: ReadonlySet<string> = new Set([
  '/api/import_preview',
  '/api/operator/import_preview',
]);
const ENVELOPE_BYTES = 64 * 1024;

/** The preview's body limit, in place of the API's 1 MiB (api.ts chooses by path): a source of 10 MB. */
export const importBodyLimit = bodyLimit({
  maxSize: IMPORT_LIMITS.bytes + ENVELOPE_BYTES,
  onError: async (c) => {
    if (!(await discardBody(c.req.raw, 4 * IMPORT_LIMITS.bytes))) c.header('Connection', 'close');
    throw new ApiError('payload_too_large', { file: 'payload_too_large' });
  },
});

const PRIVATE = { 'Cache-Control': 'private, no-store' };

const applySchema = z.object({
  id: z
    .string({ error: 'required_fields' })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: 'import_not_found' })),
  rows: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean).map(Number) : value)),
    z
      .array(z.int({ error: 'invalid_request' }).check(z.minimum(1, { error: 'invalid_request' })), {
        error: 'required_fields',
      })
      .check(z.minLength(1, { error: 'required_fields' }), z.maxLength(IMPORT_LIMITS.rows, { error: 'too_long' })),
  ),
});

/** Issue 54, docs/api.md (extension): a clerk's import from a calendar or a spreadsheet. */
export function importRoutes(api: Hono<ApiEnv>, imports: ImportService, db: Queryable, clock: () => Date): void {
  /** The source of a preview: a file of the form, else the address of a calendar; each a clear 4xx when wrong. */
  const sourceOf = async (c: Context<ApiEnv>, userId: string): Promise<ImportSource> => {
    const fields = await readFields(c);
    await countImport(db, userId, clock());
    const file = fields['file'];
    if (file instanceof File && file.size > IMPORT_LIMITS.bytes)
      throw new ApiError('payload_too_large', { file: 'payload_too_large' });
    if (file instanceof File && file.size > 0)
      return { file: { name: fileName(file.name), bytes: new Uint8Array(await file.arrayBuffer()) } };
    if (fields['url'] !== undefined && fields['url'] !== '')
      return { url: parseFields(z.object({ url: urlSchema }), fields).url };
    throw new ApiError('required_fields', { file: 'required_fields' });
  };

  /** A preview as the wire has it: each refused row with its reason in the request's language. */
  const answered = <Row extends PreviewRow>(c: Context<ApiEnv>, preview: { id: string; rows: Row[] }) => {
    const t = translator(c.get('locale')());
    return c.json({ data: { id: preview.id, rows: preview.rows.map((row) => withMessage(row, t)) } }, 200, PRIVATE);
  };

  api.post('/import_preview', async (c) => {
    const user = await confirmedWriter(c);
    return answered(c, await imports.preview(sessionToken(c), await sourceOf(c, user.userId), user.gkz));
  });

  /**
   * The operator's spreadsheet for many municipalities (docs/api.md, extension): each row names its
   * municipality. The console's guard (routes/operator.ts, registered before) lets operators alone in.
   */
  api.post('/operator/import_preview', async (c) => {
    const user = await confirmedWriter(c);
    return answered(c, await imports.previewForMunicipalities(sessionToken(c), await sourceOf(c, user.userId)));
  });

  api.post('/operator/import_apply', async (c) => {
    const request = parseFields(applySchema, await readFields(c));
    return c.json({ data: await imports.applyForMunicipalities(sessionToken(c), request) }, 200, PRIVATE);
  });

  api.post('/import_apply', async (c) => {
    const session = sessionToken(c);
    const request = parseFields(applySchema, await readFields(c));
    return c.json({ data: await imports.apply(session, request) }, 200, PRIVATE);
  });

  /**
   * The spreadsheet to fill in, in the request's language: its column names and one example line;
   * with `municipalities=1` the operator's, whose first column names each line's municipality.
   */
  api.get('/import_template.csv', (c: Context<ApiEnv>) => {
    const locale = c.get('locale')();
    const t = translator(locale);
    const columns =
      c.req.query('municipalities') === '1' ? ([OPERATOR_COLUMN, ...SHEET_COLUMNS] as const) : SHEET_COLUMNS;
    const header = columns.map((column) => t(`import.column.${column}`));
    const example = columns.map((column) => t(`import.example.${column}`));
    return c.body(csvFile([header, example]), 200, {
      ...PRIVATE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${t('import.templateFile')}.csv"`,
    });
  });
}

/** A file's name for the history: its last part, printable, at most 200 characters. */
function fileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const printable = [...last].filter((character) => isStorableText(character)).join('');
  return printable.slice(0, 200) || 'import';
}

function withMessage<Row extends PreviewRow>(row: Row, t: ReturnType<typeof translator>): Row & { message?: string } {
  if (!row.reason) return row;
  const values = { ...row.values };
  if (values['nearest']) values['nearest'] = t(`market.type.${values['nearest']}` as MessageKey);
  const label = `import.column.${values['field']}` as MessageKey;
  if (values['field'] && t(label) !== label) values['field'] = t(label);
  return { ...row, message: t(`import.reason.${row.reason}` as MessageKey, values) };
}

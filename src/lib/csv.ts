/**
 * One cell. A text a spreadsheet would take for a formula (starting with = + - @, a tab or a CR)
 * gets a leading apostrophe, which spreadsheets show as a text marker (OWASP, CSV injection):
 * a clerk's title `=HYPERLINK(…)` must not become a link in the typesetter's Excel.
 */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file as Excel in German-speaking countries opens it: UTF-8 with BOM, `;` between cells, CRLF. */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return '\uFEFF' + rows.map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';
}

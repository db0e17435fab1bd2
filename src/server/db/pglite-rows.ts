import { protocol, type PGlite } from '@electric-sql/pglite';

/** Backend message types read here (PostgreSQL's protocol, "Message Formats"). */
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'

const utf8 = new TextDecoder();

/**
 * The rows of one statement's answer, from the raw bytes the embedded database sent. PGlite's own
 * parser copies every field of every row into an ArrayBuffer of its own before decoding it: at
 * Austria scale under load that copying was the largest single function of the portal's thread
 * (4–7 %), and its garbage more. Here each field is decoded from a view of the one answer.
 * Values go through the database's parsers by type, as PGlite's `query` does. An error is thrown
 * as PGlite's own DatabaseError, read by PGlite's parser (errors are rare, and callers read its
 * `code`, `detail` and `hint`). Notices and notifications are passed over: the portal neither
 * logs the one nor listens for the other.
 */
export function rowsOf<Row>(answer: Uint8Array, parsers: PGlite['parsers']): Row[] {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  const rows: Row[] = [];
  let names: string[] = [];
  let types: number[] = [];
  let done = false; // a second statement's rows are not this one's
  for (let at = 0; at < answer.length;) {
    const type = answer[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    let read = at + 5;
    if (type === ERROR_RESPONSE) throw databaseErrorIn(answer.subarray(at));
    if (type === ROW_DESCRIPTION && !done) {
      const count = view.getInt16(read);
      read += 2;
      names = [];
      types = [];
      for (let field = 0; field < count; field++) {
        const nameEnd = answer.indexOf(0, read);
        names.push(utf8.decode(answer.subarray(read, nameEnd)));
        types.push(view.getInt32(nameEnd + 7)); // after the table's oid (4) and the column's number (2)
        read = nameEnd + 19;
      }
    } else if (type === DATA_ROW && !done) {
      const count = view.getInt16(read);
      read += 2;
      const row: Record<string, unknown> = {};
      for (let field = 0; field < count; field++) {
        const length = view.getInt32(read);
        read += 4;
        if (length < 0) {
          row[names[field]!] = null;
          continue;
        }
        const text = utf8.decode(answer.subarray(read, read + length));
        read += length;
        const oid = types[field] ?? 0;
        const parse = parsers[oid];
        row[names[field]!] = parse ? parse(text, oid) : text;
      }
      rows.push(row as Row);
    } else if (type === COMMAND_COMPLETE) {
      done = true;
    }
    at = end;
  }
  return rows;
}

/** The tag of the first statement's CommandComplete ("COMMIT", "ROLLBACK", "UPDATE 1"); an error is thrown as in rowsOf. */
export function commandTagOf(answer: Uint8Array): string {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  for (let at = 0; at < answer.length; at += 1 + view.getInt32(at + 1)) {
    if (answer[at] === ERROR_RESPONSE) throw databaseErrorIn(answer.subarray(at));
    if (answer[at] === COMMAND_COMPLETE) return utf8.decode(answer.subarray(at + 5, answer.indexOf(0, at + 5)));
  }
  return '';
}

function databaseErrorIn(answer: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(answer, (message) => {
    if (!error && message instanceof protocol.messages.DatabaseError) error = message;
  });
  return error ?? new Error('The embedded database answered with an error it did not describe.');
}

import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { commandTagOf, rowsOf } from './pglite-rows.ts';

/** Prepared statements kept at once; the one least recently used is closed to make room. */
const KEPT_STATEMENTS = 500;

const { serialize } = protocol;

/**
 * The messages after a statement's bind are the same for every call: serialized once. PGlite's
 * serializer allocates and copies a buffer per message; under issue 18's load at Austria scale that
 * was 3 % of the server's thread with the clerks saving.
 */
const DESCRIBE_EXECUTE_SYNC = [serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];

/**
 * PGlite's `query` parses, describes and plans its statement on every call, in six trips into the
 * database. At Austria scale under load that was most of a save's database time: planning took
 * three quarters of the session check's own time (decision record 0024, "Statements on the embedded
 * database"). Here each statement text is prepared once under a name of its own, and a call is one
 * trip: bind, describe, execute, sync. Parameters and values are turned to and from text by
 * PGlite's own serializers and parsers, as its `query` does; the answer's rows are read by rowsOf,
 * without PGlite's copy of every field (the same record). PostgreSQL replans a prepared statement
 * by itself when a table it reads changes; `forget` is for changes of the shape of its answer
 * (migrations): later calls prepare anew.
 */
export function preparedStatements(db: PGlite, kept = KEPT_STATEMENTS) {
  const prepared = new Map<string, { name: string; types: number[] }>();
  let named = 0;

  const refuseIfClosed = () => {
    // As PGlite's own query says it (a housekeeping run that outlives the server, say): not a TypeError from inside.
    if (db.closed) throw new Error('PGlite is closed');
  };

  const trip = async (messages: Uint8Array[], inTransaction: boolean) => {
    refuseIfClosed();
    return db.execProtocol(joined(messages), { syncToFs: !inTransaction });
  };

  /** A trip whose answer is read by rowsOf, not by PGlite's parser. */
  const rawTrip = async (messages: Uint8Array[], inTransaction: boolean) => {
    refuseIfClosed();
    const chunks: Uint8Array[] = [];
    // Each chunk is a view of the database's memory, valid only during the call: copied.
    const onRawData = (chunk: Uint8Array) => void chunks.push(chunk.slice());
    await db.execProtocolRawStream(joined(messages), { syncToFs: !inTransaction, onRawData });
    return chunks.length === 1 ? chunks[0]! : joined(chunks);
  };

  const prepare = async (sql: string, inTransaction: boolean) => {
    const oldest = prepared.size >= kept ? prepared.entries().next().value : undefined;
    if (oldest) {
      prepared.delete(oldest[0]);
      await trip([serialize.close({ type: 'S', name: oldest[1].name }), serialize.sync()], inTransaction);
    }
    const name = `s${++named}`;
    const { messages } = await trip(
      [serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()],
      inTransaction,
    );
    return { name, types: parse.parseDescribeStatementResults(messages) };
  };

  /** The raw answer of one call of `sql`, prepared on its first call. */
  const call = async (sql: string, params: readonly unknown[], inTransaction: boolean) => {
    const statement = prepared.get(sql) ?? (await prepare(sql, inTransaction));
    prepared.delete(sql); // kept in the order of their last use
    prepared.set(sql, statement);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const toText = db.serializers[statement.types[index]!];
      if (toText) return toText(value);
      // A type PGlite has no serializer for (an enum): text as it is, anything else as JSON.
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
    return rawTrip([serialize.bind({ statement: statement.name, values }), ...DESCRIBE_EXECUTE_SYNC], inTransaction);
  };

  return {
    async query<Row>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> {
      return rowsOf<Row>(await call(sql, params, inTransaction), db.parsers);
    },
    /** A statement without rows or parameters (BEGIN, COMMIT): its command tag, as the database answered it. */
    async command(sql: string, inTransaction: boolean): Promise<string> {
      return commandTagOf(await call(sql, [], inTransaction));
    },
    /** After statements that may change what a prepared statement answers (migrations). */
    async forget(inTransaction: boolean): Promise<void> {
      prepared.clear();
      await trip([serialize.query('DEALLOCATE ALL')], inTransaction);
    },
  };
}

function joined(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

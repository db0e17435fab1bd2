import type { Queryable } from './database.ts';

/** Rows fetched at a time by readInPieces. */
const PIECE_ROWS = 1000;

/**
 * A long list read through a cursor, a thousand rows at a time, in the caller's transaction (a
 * cursor lives in one). The embedded database holds a query's whole answer in its memory before
 * handing it over: Austria's 58,491 dates in pieces peak 20 MB lower and take 1.55 s instead of
 * 1.67 s (the 396 MB once measured here was V8 compiling PGlite, decision record 0024). On
 * PostgreSQL it only adds round trips. One cursor name: a transaction never runs two long reads at once.
 */
export async function readInPieces<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T[]> {
  await tx.query(`DECLARE long_read NO SCROLL CURSOR FOR ${sql}`, params);
  const rows: T[] = [];
  for (;;) {
    const piece = await tx.query<T>(`FETCH FORWARD ${PIECE_ROWS} FROM long_read`);
    for (const row of piece) rows.push(row);
    if (piece.length < PIECE_ROWS) break;
  }
  await tx.query('CLOSE long_read');
  return rows;
}

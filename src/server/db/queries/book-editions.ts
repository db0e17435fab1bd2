import type { Queryable } from '../database.ts';

/** A printed edition of the book (issue 55), with its snapshot as stored (gzipped JSON). */
export interface BookEditionRow {
  id: string;
  year: number;
  made_at: string;
  printed: Uint8Array;
}

/**
 * The edition of `year` that printed this snapshot: the latest one when it printed the same
 * (`hash`), else a new one numbered after it. Run in a transaction: two exports at once wait for
 * each other on the year's row count rather than both taking the same number.
 */
export async function editionFor(
  tx: Queryable,
  { year, hash, printed, madeAt }: { year: number; hash: string; printed: Uint8Array; madeAt: Date },
): Promise<string> {
  await tx.query('LOCK TABLE book_editions IN SHARE ROW EXCLUSIVE MODE');
  const [latest] = await tx.query<{ id: string; number: number; printed_hash: string }>(
    'SELECT id, number, printed_hash FROM book_editions WHERE year = $1 ORDER BY number DESC LIMIT 1',
    [year],
  );
  if (latest?.printed_hash === hash) return latest.id;
  const number = (latest?.number ?? 0) + 1;
  const id = `${year}-${number}`;
  await tx.query(
    'INSERT INTO book_editions (id, year, number, made_at, printed_hash, printed) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, year, number, madeAt, hash, printed],
  );
  return id;
}

export async function readBookEdition(db: Queryable, id: string): Promise<BookEditionRow | null> {
  const [row] = await db.query<BookEditionRow>(
    `SELECT id, year, to_char(made_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS made_at, printed
       FROM book_editions WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

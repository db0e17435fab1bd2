import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { EDITION_ID } from '../../lib/book/addresses.ts';
import type { Book } from '../../lib/book/book.ts';
import { editionOf, type EditionSnapshot } from '../../lib/book/edition.ts';
import type { Database } from '../db/database.ts';
import { editionFor, readBookEdition } from '../db/queries/book-editions.ts';

/** An edition of the printed book as its change page reads it. */
export interface BookEdition {
  id: string;
  made_at: string;
  printed: EditionSnapshot;
}

/**
 * Issue 55: the edition a book about to be printed belongs to, recorded with what it prints. The
 * same content exported again (the book in another language, a second run on the same data) is
 * the same edition; anything else is the year's next one.
 */
export async function recordEdition(db: Database, book: Book, madeAt: Date): Promise<string> {
  const json = JSON.stringify(editionOf(book));
  const hash = createHash('sha256').update(json).digest('base64url');
  const printed = await promisify(gzip)(json);
  return db.transaction((tx) => editionFor(tx, { year: book.year, hash, printed, madeAt }));
}

/**
 * Editions once read, by id: they never change, and at Austria scale one is a few MB of JSON to
 * unpack. Readers of a printed book ask for one or two editions at a time.
 */
const editionsRead = new WeakMap<Database, LRUCache<string, BookEdition>>();

/** An edition by its id; null for none. */
export async function readEdition(db: Database, id: string): Promise<BookEdition | null> {
  if (!EDITION_ID.test(id)) return null;
  let read = editionsRead.get(db);
  if (!read) editionsRead.set(db, (read = new LRUCache({ max: 4 })));
  const kept = read.get(id);
  if (kept) return kept;
  const row = await readBookEdition(db, id);
  if (!row) return null;
  const printed = JSON.parse((await promisify(gunzip)(row.printed)).toString('utf8')) as EditionSnapshot;
  const edition = { id: row.id, made_at: row.made_at, printed };
  read.set(id, edition);
  return edition;
}

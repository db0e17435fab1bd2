import type { Queryable } from '../database.ts';

/** Issue 20 (migration 0014): who owns each uploaded photo, and how much of the quota it takes. */

export interface PhotoRow {
  name: string;
  gkz: string;
  bytes: number;
}

/**
 * The municipality's photo quota and what its photos take, its row locked until the transaction
 * ends: two uploads at once are counted one after the other. Null for an unknown gkz.
 */
export async function lockPhotoQuota(tx: Queryable, gkz: string): Promise<{ max: number; used: number } | null> {
  const [row] = await tx.query<{ max: number; used: string }>(
    `SELECT max_photo_megabytes AS max,
       (SELECT coalesce(sum(bytes), 0)::text FROM market_photos WHERE gkz = $1) AS used
     FROM municipalities WHERE gkz = $1 FOR UPDATE`,
    [gkz],
  );
  return row ? { max: row.max, used: Number(row.used) } : null;
}

/** Answers whether the photo was new (the same upload again is the same photo). */
export async function insertPhoto(tx: Queryable, photo: PhotoRow, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO market_photos (name, gkz, bytes, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO NOTHING RETURNING name`,
    [photo.name, photo.gkz, photo.bytes, at.toISOString()],
  );
  return rows.length === 1;
}

export async function findPhoto(db: Queryable, name: string): Promise<PhotoRow | null> {
  const [row] = await db.query<PhotoRow>('SELECT name, gkz, bytes FROM market_photos WHERE name = $1', [name]);
  return row ?? null;
}

/** Whether a market (of any municipality: it can only be the owner's) shows the photo of this address. */
export async function isPhotoUsed(db: Queryable, url: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM markets WHERE image->>'url' = $1 LIMIT 1`, [url]);
  return rows.length > 0;
}

export async function deletePhotoRow(tx: Queryable, name: string): Promise<void> {
  await tx.query('DELETE FROM market_photos WHERE name = $1', [name]);
}

/** A municipality's photos uploaded before `before` that no market shows: abandoned uploads. */
export async function unusedPhotos(db: Queryable, gkz: string, before: Date): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT p.name FROM market_photos p
     WHERE p.gkz = $1 AND p.created_at < $2
       AND NOT EXISTS (SELECT 1 FROM markets m WHERE m.image->>'url' = '/markt-bilder/' || p.name || '.jpg')`,
    [gkz, before.toISOString()],
  );
  return rows.map((row) => row.name);
}

/** Every photo's name (backups). */
export async function allPhotoNames(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>('SELECT name FROM market_photos ORDER BY name');
  return rows.map((row) => row.name);
}

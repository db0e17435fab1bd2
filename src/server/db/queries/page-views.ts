import type { Queryable } from '../database.ts';

/** Adds one to the views of a page in a language on a day. */
export async function countPageView(db: Queryable, day: string, path: string, language: string): Promise<void> {
  await db.query(
    `INSERT INTO page_views (day, path, language) VALUES ($1, $2, $3)
     ON CONFLICT (day, path, language) DO UPDATE SET views = page_views.views + 1`,
    [day, path, language],
  );
}

import { openDatabase } from '../src/server/db/open.ts';
import type { EditorOutcome, EditorRecord } from './load-editor.ts';

/**
 * Every acknowledged save that is not in the database exactly as sent, and any date nobody
 * acknowledged. A save still unanswered when the load stopped may have been stored or not: for
 * its record, either state is right.
 */
export async function lostSaves(
  where: { databaseUrl: string | undefined; dataDir: string },
  editors: readonly EditorOutcome[],
): Promise<string[]> {
  const db = await openDatabase(where);
  try {
    const problems: string[] = [];
    const differences = (expected: EditorRecord, stored: Record<string, unknown>) =>
      Object.entries({ ...expected.fields, version: expected.version })
        .filter(([field, value]) => stored[field] !== value)
        .map(([field, value]) => `${field} is ${JSON.stringify(stored[field])}, sent ${JSON.stringify(value)}`);
    const compare = (
      what: string,
      acknowledged: EditorRecord,
      stored: Record<string, unknown> | undefined,
      editor: EditorOutcome,
    ) => {
      if (!stored) return void problems.push(`${what} ${acknowledged.id} is missing`);
      const found = differences(acknowledged, stored);
      const pending = editor.pending?.id === acknowledged.id ? editor.pending : null;
      if (found.length === 0) return;
      if (
        pending &&
        differences({ ...acknowledged, version: acknowledged.version + 1, fields: pending.fields }, stored).length === 0
      )
        return;
      problems.push(`${what} ${acknowledged.id}: ${found.join(', ')}`);
    };
    for (const editor of editors) {
      const [market] = await db.query<Record<string, unknown>>('SELECT * FROM markets WHERE id = $1', [
        editor.market.id,
      ]);
      compare('market', editor.market, market, editor);
      const dates = await db.query<Record<string, unknown>>(
        'SELECT *, market_id AS wko_market_id FROM market_dates WHERE market_id = $1',
        [editor.market.id],
      );
      const stored = new Map(dates.map((date) => [date.id as string, date]));
      for (const date of editor.dates) compare('market date', date, stored.get(date.id), editor);
      // Beside the date made before the load, only an unanswered new date may be there.
      const unexpected = dates.length - 1 - editor.dates.length;
      const mayBeThere = editor.pending?.record === 'date' && !editor.pending.id ? 1 : 0;
      if (unexpected < 0 || unexpected > mayBeThere)
        problems.push(`market ${editor.market.id} has ${unexpected} dates nobody acknowledged`);
    }
    return problems;
  } finally {
    await db.close();
  }
}

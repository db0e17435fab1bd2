/**
 * The work of the content answers per save at Austria scale (issues 18, 50): after each save of one
 * date, the publication of get_content and get_content_stops; printed: wall time and CPU time (all
 * threads) per save, the size of a full answer and of a delta.
 *
 *   DATA_DIR=<a throwaway dir filled by `npm run generate -- --markets 6000`> node bench/content-per-save.ts [--saves 20]
 *
 * CONTENT_SERVICE=<path of another content service module> measures that one instead (for a
 * before/after figure against an earlier commit's service).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/open.ts';
import type { createContentService as Create } from '../src/server/services/content.ts';

const { values } = parseArgs({ options: { saves: { type: 'string' } } });
const saves = Number(values.saves ?? 20);
const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('Set DATA_DIR to a throwaway data dir filled by npm run generate.');
const module = process.env['CONTENT_SERVICE'] ?? '../src/server/services/content.ts';
const { createContentService } = (await import(module)) as { createContentService: typeof Create };

const db = await openDatabase({ dataDir });
const content = createContentService(db);
const kinds = ['dates', 'markets'] as const;
/** Both answers' sizes in gzip, as apps ask, and as they are (that text is made only for identity requests). */
const sizes = async () => {
  const found: number[] = [];
  for (const kind of kinds) {
    const { body } = await (await content.lookup(kind, null)).answer();
    found.push((await body.bytes(null)).length, (await body.bytes('gzip')).length, (await body.bytes('br')).length);
  }
  return found;
};

const dates = await db.query<{ id: string }>('SELECT id FROM market_dates ORDER BY id LIMIT $1', [saves]);
let started = performance.now();
await content.prepare();
console.log(`First publication (read whole): ${(performance.now() - started).toFixed(0)} ms`);
const [datesRaw, datesGzip, datesBr, marketsRaw, marketsGzip, marketsBr] = await sizes();
console.log(
  `Full answers: get_content ${mb(datesRaw!)} MB (gzip ${mb(datesGzip!)}, br ${mb(datesBr!)}), get_content_stops ${mb(marketsRaw!)} MB (gzip ${mb(marketsGzip!)}, br ${mb(marketsBr!)})`,
);

let wall = 0;
let cpu = 0;
for (const [index, { id }] of dates.entries()) {
  await db.query(`UPDATE market_dates SET note = $2, version = version + 1 WHERE id = $1`, [id, `Bench ${index}`]);
  const cpuBefore = process.cpuUsage();
  started = performance.now();
  content.changed();
  await content.settled();
  wall += performance.now() - started;
  const used = process.cpuUsage(cpuBefore);
  cpu += (used.user + used.system) / 1000;
}
console.log(
  `Per save, a publication of both answers: ${(wall / dates.length).toFixed(0)} ms wall, ${(cpu / dates.length).toFixed(0)} ms CPU of all threads (mean of ${dates.length})`,
);

const before = (await content.lookup('dates', null)).etag;
await db.query(`UPDATE market_dates SET note = 'Delta', version = version + 1 WHERE id = $1`, [dates[0]!.id]);
const delta = (await content.delta('dates', before))!;
const gzip = await delta.body.bytes('gzip');
console.log(`A delta of one saved date: ${(await delta.body.bytes(null)).length} bytes (gzip ${gzip.length} bytes)`);
await content.stop();
await db.close();

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(2);
}

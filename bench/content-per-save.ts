/**
 * The work of the content answers per save at Austria scale (issue 18): after each save of one
 * date, the snapshot is read on and get_content and get_content_stops are made whole again (gzip
 * and brotli, as one is made after its rest, WHOLE_ANSWER_RESTS); printed:
 * wall time and CPU time (all threads) per save, the size of a full answer and of a delta.
 *
 *   DATA_DIR=<a throwaway dir filled by `npm run generate -- --markets 6000`> node bench/content-per-save.ts [--saves 20]
 *
 * CONTENT_SERVICE=<path of another content service module> measures that one instead (for a
 * before/after figure against an earlier commit's service).
 */
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { openDatabase } from '../src/server/db/open.ts';
import type { createContentService as Create } from '../src/server/services/content.ts';

const { values } = parseArgs({ options: { saves: { type: 'string' } } });
const saves = Number(values.saves ?? 20);
const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('Set DATA_DIR to a throwaway data dir filled by npm run generate.');
const module = process.env['CONTENT_SERVICE'] ?? '../src/server/services/content.ts';
const { createContentService } = (await import(module)) as { createContentService: typeof Create };

const db = await openDatabase({ dataDir });
const content = createContentService(db, { wholeRests: 0 }); // each save's answers made whole
const kinds = ['dates', 'markets'] as const;
/** Both answers in gzip, as apps ask; their plain size too when `plain` (that text is made only for identity requests). */
const answerBoth = async (plain = false) => {
  const sizes: number[] = [];
  for (const kind of kinds) {
    const answer = await (await content.lookup(kind, null)).answer();
    const gzip = await answer.body.bytes('gzip');
    sizes.push(plain ? answer.body.size : 0, gzip.length);
  }
  return sizes;
};

const dates = await db.query<{ id: string }>('SELECT id FROM market_dates ORDER BY id LIMIT $1', [saves]);
let started = performance.now();
const [datesRaw, datesGzip, marketsRaw, marketsGzip] = await answerBoth(true);
console.log(`First answers (read whole): ${(performance.now() - started).toFixed(0)} ms`);
console.log(
  `Full answers: get_content ${mb(datesRaw!)} MB (gzip ${mb(datesGzip!)} MB), get_content_stops ${mb(marketsRaw!)} MB (gzip ${mb(marketsGzip!)} MB)`,
);

let wall = 0;
let cpu = 0;
for (const [index, { id }] of dates.entries()) {
  await db.query(`UPDATE market_dates SET note = $2, version = version + 1 WHERE id = $1`, [id, `Bench ${index}`]);
  const cpuBefore = process.cpuUsage();
  started = performance.now();
  await answerBoth();
  wall += performance.now() - started;
  const used = process.cpuUsage(cpuBefore);
  cpu += (used.user + used.system) / 1000;
}
console.log(
  `Per save, both answers again in gzip: ${(wall / dates.length).toFixed(1)} ms wall, ${(cpu / dates.length).toFixed(1)} ms CPU (mean of ${dates.length})`,
);

const delta = (content as Partial<ReturnType<typeof Create>>).delta;
if (delta) {
  const before = (await content.lookup('dates', null)).etag;
  const [first] = dates;
  await db.query(`UPDATE market_dates SET note = 'Delta', version = version + 1 WHERE id = $1`, [first!.id]);
  const answer = (await delta('dates', before))!;
  const gzip = await answer.body.bytes('gzip');
  console.log(`A delta of one saved date: ${answer.body.size} bytes (gzip ${gzip.length} bytes)`);
  const full = await (await content.lookup('dates', null)).answer();
  started = performance.now();
  const brotli = brotliCompressSync(await full.body.bytes(null), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  console.log(
    `get_content in brotli (quality 5): ${mb(brotli.length)} MB in ${(performance.now() - started).toFixed(0)} ms`,
  );
}
await db.close();

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(2);
}

import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { countMarkets } from '../src/server/db/queries/market-ids.ts';
import { AUSTRIA, generateMarkets } from '../src/server/demo/austria-scale.ts';
import { importBundledMasterDataIfEmpty } from '../src/server/master-data/import.ts';
import { runOperatorCommand, UsageError } from './operator-command.ts';

/**
 * `npm run generate -- --markets 6000 [--dates-per-market 10] [--year 2026] [--seed 2026]`:
 * markets at Austria scale in the configured database (DATABASE_URL, else DATA_DIR), for
 * benchmarks and the export. Only into a database without markets, so real data is never mixed in.
 */
const usage =
  'Usage: npm run generate -- [--markets 6000] [--dates-per-market 10] [--year YYYY] [--seed N]\n' +
  'Writes into DATABASE_URL or DATA_DIR, which must hold no markets yet (e.g. DATA_DIR=./data-austria).';

function whole(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`);
  return number;
}
await runOperatorCommand(usage, async () => {
  const { values } = parseArgs({
    options: {
      markets: { type: 'string' },
      'dates-per-market': { type: 'string' },
      year: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const scale = {
    markets: whole(values.markets, AUSTRIA.markets, 'markets', 1, 100_000),
    datesPerMarket: whole(values['dates-per-market'], AUSTRIA.datesPerMarket, 'dates-per-market', 1, 100),
    year: whole(values.year, new Date().getFullYear(), 'year', 2026, 2100),
    seed: whole(values.seed, AUSTRIA.seed, 'seed', 0, 2 ** 31 - 1),
  };
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await importBundledMasterDataIfEmpty(db);
    const existing = await countMarkets(db);
    if (existing > 0) {
      throw new UsageError(`The database already holds ${existing} markets; generate into an empty one.\n${usage}`);
    }
    const started = performance.now();
    const made = await generateMarkets(db, scale);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Generated ${made.markets} markets with ${made.dates} dates in ${seconds} s (seed ${scale.seed}).`);
  } finally {
    await db.close();
  }
});

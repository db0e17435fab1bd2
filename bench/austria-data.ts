import { MARKET_TYPES, type RecurrenceRule } from '../src/lib/market.ts';
import type { Database } from '../src/server/db/database.ts';
import { insertMarket, insertMarketDates, newMarket, newMarketDate } from '../src/server/db/queries/markets.ts';

export interface AustriaScale {
  markets: number;
  datesPerMarket: number;
}

/** The scale the design names: every municipality, 6,000 markets, 60,000 dates. */
export const AUSTRIA: AustriaScale = { markets: 6000, datesPerMarket: 10 };

/** A small deterministic generator (mulberry32), so every run measures the same data. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fills a database that has the master data with Austria-scale markets: spread over all
 * municipalities, every type, a third on a weekly rule, one date in twenty cancelled.
 */
export async function fillAustria(db: Database, scale: AustriaScale = AUSTRIA): Promise<void> {
  const next = random(2026);
  const municipalities = await db.query<{ gkz: string; name: string }>(
    'SELECT gkz, name FROM municipalities ORDER BY gkz',
  );
  const saturdays: RecurrenceRule = {
    freq: 'weekly',
    interval: 1,
    weekdays: ['SA'],
    nth: null,
    time_from: '08:00',
    time_to: '12:00',
  };
  await db.transaction(async (tx) => {
    for (let i = 0; i < scale.markets; i += 1) {
      const municipality = municipalities[i % municipalities.length]!;
      const type = MARKET_TYPES[Math.floor(next() * MARKET_TYPES.length)]!;
      const market = newMarket(municipality.gkz, {
        title: `${municipality.name} ${type[0]!.toUpperCase()}${type.slice(1)} ${1 + Math.floor(i / municipalities.length)}`,
        type,
        description: 'Regionale Produkte, Handwerk und Gastronomie am Hauptplatz.',
        location: municipality.name,
        event_location: 'Hauptplatz',
        phone: '+43/3332/6030',
        website: 'https://www.example.at',
        ...(i % 3 === 0 ? { rule: saturdays } : {}),
      });
      await insertMarket(tx, market);
      const dates = Array.from({ length: scale.datesPerMarket }, (_, n) => {
        const day = new Date(Date.UTC(2026, 0, 3 + n * 70 + Math.floor(next() * 60)));
        const iso = day.toISOString().slice(0, 10);
        return newMarketDate(market.id, {
          date_start: iso,
          date_end: iso,
          time_from: '08:00',
          time_to: '12:00',
          ...(next() < 0.05 ? { status: 'cancelled' as const, type: 'cancelled' as const } : {}),
        });
      });
      await insertMarketDates(tx, dates);
    }
  });
}

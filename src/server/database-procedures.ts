import * as published from './db/published.ts';
import * as contentReads from './services/content-reads.ts';
import * as marketDays from './services/market-days.ts';
import * as marketImports from './services/market-imports.ts';
import * as marketSaves from './services/market-saves.ts';
import * as municipalityImports from './services/municipality-imports.ts';

/**
 * Every module whose procedures `db.run` may be given (db/database.ts). The database's thread
 * (database-worker.ts) runs a procedure it finds here, imported statically so that lint and a
 * reader see what the thread loads; a procedure of a module missing here fails with an error that
 * names it. It sits above services/, whose modules it lists (LAYERS in eslint.config.js). Tests
 * add their own procedure modules through DatabaseSettings.testProcedures, never here.
 */
export const PROCEDURE_MODULES: readonly Readonly<Record<string, unknown>>[] = [
  published,
  contentReads,
  marketSaves,
  marketDays,
  marketImports,
  municipalityImports,
];

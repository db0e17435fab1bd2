import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: PROJECT,
    overrideConfigFile: `${PROJECT}eslint.config.js`,
    // The probes are not in the TypeScript program; the layer rules need no types, and this keeps the test quick.
    overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
  });
});

/** The rules that fire on `code` as if it were the file at `filePath` (relative to the project). */
async function rulesFired(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${PROJECT}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The cycle check walks the import graph from each probe: a second or so on a busy machine.
describe('the layer rules (issue 16, docs/decisions/0009-layers.md)', { timeout: 20_000 }, () => {
  it('refuse a service that imports from http/', async () => {
    const code = `import { etagMatches } from '../http/etag.ts';\nexport const probe = etagMatches;\n`;
    expect(await rulesFired(code, 'src/server/services/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuse db/ importing a service', async () => {
    const code = `import { createContentService } from '../services/content.ts';\nexport const probe = createContentService;\n`;
    expect(await rulesFired(code, 'src/server/db/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('let the database thread’s registry import a service, and refuse db/ importing the registry', async () => {
    const service = `import * as saves from './services/market-saves.ts';\nexport const probe = [saves];\n`;
    expect(await rulesFired(service, 'src/server/database-procedures.ts')).toEqual([]);
    const registry = `import { PROCEDURE_MODULES } from '../database-procedures.ts';\nexport const probe = PROCEDURE_MODULES;\n`;
    expect(await rulesFired(registry, 'src/server/db/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuse the server importing src/export', async () => {
    const code = `import { runNightly } from '../../export/nightly.ts';\nexport const probe = runNightly;\n`;
    expect(await rulesFired(code, 'src/server/http/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuse a route that imports another route', async () => {
    const code = `import { contentRoutes } from './content.ts';\nexport const probe = contentRoutes;\n`;
    expect(await rulesFired(code, 'src/server/http/routes/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('let a route import from http/ and a service', async () => {
    const code = `import { etagMatches } from '../etag.ts';\nimport { createContentService } from '../../services/content.ts';\nexport const probe = [etagMatches, createContentService];\n`;
    expect(await rulesFired(code, 'src/server/http/routes/probe.ts')).toEqual([]);
  });

  it("refuse date-fns's index, in the server, the shared lib and an island, and let a function's own module in", async () => {
    const index = `import { addDays } from 'date-fns';\nexport const probe = addDays;\n`;
    for (const file of ['src/server/http/probe.ts', 'src/lib/probe.ts', 'src/islands/probe.ts'])
      expect(await rulesFired(index, file)).toContain('no-restricted-imports');
    const own = `import { addDays } from 'date-fns/addDays';\nexport const probe = addDays;\n`;
    expect(await rulesFired(own, 'src/lib/probe.ts')).toEqual([]);
  });

  // Issue 50: the pages' side. An Astro probe is its frontmatter between the fences.
  const astro = (imports: string) => `---\n${imports}\n---\n<p>{String(probe)}</p>\n`;
  const RESTRICTED = 'import-x/no-restricted-paths';

  it('refuse a component that imports server code other than config.ts', async () => {
    const open = `import { openDatabase } from '../server/db/open.ts';\nconst probe = openDatabase;`;
    expect(await rulesFired(astro(open), 'src/components/probe.astro')).toContain(RESTRICTED);
    const ts = `import { openDatabase } from '../../server/db/open.ts';\nexport const probe = openDatabase;\n`;
    expect(await rulesFired(ts, 'src/components/directory/probe.ts')).toContain(RESTRICTED);
    const config = `import { loadConfig } from '../server/config.ts';\nconst probe = loadConfig;`;
    expect(await rulesFired(astro(config), 'src/components/probe.astro')).toEqual([]);
  });

  it('refuse a page that imports the server, or a component that imports a page', async () => {
    const config = `import { loadConfig } from '../server/config.ts';\nconst probe = loadConfig;`;
    expect(await rulesFired(astro(config), 'src/pages/probe.astro')).toContain(RESTRICTED);
    const ts = `import { openDatabase } from '../server/db/open.ts';\nexport const probe = openDatabase;\n`;
    expect(await rulesFired(ts, 'src/pages/probe.ts')).toContain(RESTRICTED);
    const page = `import { GET } from '../pages/robots.txt.ts';\nconst probe = GET;`;
    expect(await rulesFired(astro(page), 'src/components/probe.astro')).toContain(RESTRICTED);
  });

  it('refuse the server or an island importing a page, a component or the middleware', async () => {
    const component = `import { applyGuard } from '../../components/guard.ts';\nexport const probe = applyGuard;\n`;
    expect(await rulesFired(component, 'src/server/http/probe.ts')).toContain(RESTRICTED);
    const page = `import { GET } from '../../pages/robots.txt.ts';\nexport const probe = GET;\n`;
    expect(await rulesFired(page, 'src/server/directory/probe.ts')).toContain(RESTRICTED);
    const middleware = `import { onRequest } from '../../middleware.ts';\nexport const probe = onRequest;\n`;
    expect(await rulesFired(middleware, 'src/server/http/probe.ts')).toContain(RESTRICTED);
    expect(await rulesFired(component, 'src/islands/login/probe.ts')).toContain(RESTRICTED);
  });

  it('let the middleware build on http/, and refuse it the server above it and the components', async () => {
    const http = `import { isEmbedPath } from './server/http/framable.ts';\nexport const probe = isEmbedPath;\n`;
    expect(await rulesFired(http, 'src/middleware.ts')).toEqual([]);
    const admin = `import { runCommand } from './server/admin/commands.ts';\nexport const probe = runCommand;\n`;
    expect(await rulesFired(admin, 'src/middleware.ts')).toContain(RESTRICTED);
    const component = `import { applyGuard } from './components/guard.ts';\nexport const probe = applyGuard;\n`;
    expect(await rulesFired(component, 'src/middleware.ts')).toContain(RESTRICTED);
  });

  it('refuse an import cycle', async () => {
    // config.ts importing the server, which imports config.ts.
    const code = `import { startServer } from './http/server.ts';\nexport const probe = startServer;\n`;
    expect(await rulesFired(code, 'src/server/config.ts')).toContain('import-x/no-cycle');
  });

  it('refuse SQL text outside db/, in strings and templates', async () => {
    const strings = `export const probe = (id: string) => ['SELECT 1', \`DELETE FROM markets WHERE id = '\${id}'\`];\n`;
    const fired = await rulesFired(strings, 'src/server/services/probe.ts');
    expect(fired.filter((rule) => rule === 'no-restricted-syntax')).toHaveLength(2);
    const update = `export const probe = 'UPDATE users SET gkz = $1';\n`;
    expect(await rulesFired(update, 'scripts/probe.ts')).toContain('no-restricted-syntax');
  });

  it('let db/ hold SQL, and other files say "select" in words', async () => {
    expect(await rulesFired(`export const probe = 'SELECT 1';\n`, 'src/server/db/queries/probe.ts')).toEqual([]);
    const words = `export const probe = 'Select a state, then update the list';\n`;
    expect(await rulesFired(words, 'src/server/services/probe.ts')).toEqual([]);
  });
});

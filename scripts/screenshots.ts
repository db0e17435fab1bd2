import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { newestMailLink } from './demo-clerk.ts';
import { startPortal } from './portal-process.ts';
import { ACCOUNT_SCREENS, EDITING_SCREENS, openMarketForm, PUBLIC_SCREENS, type Screen } from './screenshot-screens.ts';

/**
 * `npm run screenshots` (after `npm run build`): every screen of the portal at 1280 and 390 px, in
 * German, the key ones in English and French too, into screenshots/ with an index.html to browse
 * them (issue 19). It starts its own portal with the demo data on a free port, as the e2e tests do,
 * and registers the demo clerk for the editing screens. A step that no longer finds its button is
 * reported and skipped, so one changed screen does not hide all the others.
 * `npm run screenshots -- markets toast` takes only the screens with these ids (into the same folder).
 */
const OUT = 'screenshots';
const WIDTHS = [1280, 390] as const;
const LANGUAGES = ['de', 'en', 'fr'] as const;
const ONLY = process.argv.slice(2);
const DEMO = { email: 'marktamt@hartberg.example', password: 'Demo-Passwort-2027' };
type Language = (typeof LANGUAGES)[number];

const texts = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (lang) => [lang, JSON.parse(await readFile(`locales/${lang}.json`, 'utf8'))] as const),
  ),
) as Record<Language, Record<string, string>>;
const textOf = (lang: Language) => (key: string) => texts[lang][key] ?? key;

const dataDir = await mkdtemp(join(tmpdir(), 'screenshots-'));
const portal = startPortal(dataDir);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const taken: { screen: Screen; lang: Language; width: number; file: string }[] = [];
const skipped: string[] = [];
try {
  const base = await portal.url;
  if (ONLY.length === 0) await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const session = await clerkSession(browser, base);
  for (const width of WIDTHS) {
    const screens = [...PUBLIC_SCREENS, ...ACCOUNT_SCREENS, ...EDITING_SCREENS];
    for (const screen of screens.filter(({ id }) => ONLY.length === 0 || ONLY.includes(id))) {
      for (const lang of screen.everyLanguage ? LANGUAGES : (['de'] as const)) {
        const context = await browser.newContext({
          baseURL: base,
          locale: 'de-AT',
          viewport: { width, height: width < 600 ? 844 : 800 },
        });
        try {
          if (screen.loggedIn) await context.addCookies(session);
          if (!screen.consentOpen)
            await context.addInitScript(() => localStorage.setItem('marktverzeichnis.consent', 'refused'));
          const page = await context.newPage();
          await page.goto(`${lang === 'de' ? '' : `/${lang}`}${screen.path}`);
          await page.waitForLoadState('networkidle');
          const text = textOf(lang);
          if (screen.market) await openMarketForm(page, text, screen.market, screen.view);
          if (screen.act) await screen.act(page, text);
          await page.waitForTimeout(300);
          const file = `${screen.id}-${lang}-${width}.png`;
          if (screen.part) await screen.part(page, text).screenshot({ path: join(OUT, file) });
          else await page.screenshot({ path: join(OUT, file), fullPage: !screen.window });
          taken.push({ screen, lang, width, file });
        } catch (error) {
          skipped.push(`${screen.id} ${lang} ${width}: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    }
  }
  await writeFile(join(OUT, 'index.html'), indexPage());
  console.log(`${taken.length} screenshots in ${OUT}/ (open ${OUT}/index.html).`);
  if (skipped.length) console.log(`Skipped:\n${skipped.join('\n')}`);
} finally {
  await browser.close();
  await portal.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** Registers the demo clerk, confirms the address from the outbox mail, and keeps the session. */
async function clerkSession(browser: Browser, base: string) {
  const context: BrowserContext = await browser.newContext({ baseURL: base });
  const fields = { email: DEMO.email, password: DEMO.password, password_repeat: DEMO.password, lang: 'de' };
  const registered = await context.request.post('/api/register', { form: fields });
  if (!registered.ok()) throw new Error(`Registering the demo clerk failed: ${registered.status()}`);
  const token = (await newestMailLink(dataDir)).split('/anmelden/')[1] ?? '';
  await context.request.post('/api/confirm_email', { form: { token } });
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

function indexPage(): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const screens = [...new Set(taken.map((shot) => shot.screen))];
  const sections = screens.map((screen) => {
    const shots = taken.filter((shot) => shot.screen === screen);
    const figures = shots.map(
      (shot) =>
        `<figure><a href="${shot.file}"><img src="${shot.file}" alt="" loading="lazy" width="${shot.width < 600 ? 195 : 320}"></a>` +
        `<figcaption>${shot.lang} · ${shot.width} px</figcaption></figure>`,
    );
    return `<section id="${screen.id}"><h2>${escape(screen.title)}</h2><p><code>${escape(screen.path)}</code></p><div class="shots">${figures.join('')}</div></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Screenshots – markets directory portal</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}.shots{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
figure{margin:0}img{border:1px solid #ccc;display:block;height:auto}nav a{margin-right:1rem}</style></head>
<body><h1>Screenshots (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)</h1>
<nav>${screens.map((screen) => `<a href="#${screen.id}">${escape(screen.title)}</a>`).join(' ')}</nav>
${skipped.length ? `<h2>Skipped</h2><ul>${skipped.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>` : ''}
${sections.join('\n')}
</body></html>
`;
}

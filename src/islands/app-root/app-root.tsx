import { useEffect, useState, type ReactNode } from 'react';
import { isLocale, type Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { $account, loggedIn } from '../../stores/account.ts';
import { $contentLoaded, refreshContent } from '../../stores/content.ts';
import { showNoticeFromLastPage } from '../../stores/notices.ts';
import { seedStores, type ScreenSeed } from '../../stores/screen-seed.ts';
import { loadVisitor } from '../../stores/visitor.ts';
import { TranslationProvider, useTranslation } from '../i18n.tsx';
import { Logo } from './logo.tsx';
import { Notices } from './notices.tsx';
import { SeedContext, useSeededStore } from './seed.tsx';

interface AppRootProps {
  locale: Locale;
  /** The page's messages in its language. */
  messages: Messages;
  /** The page's heading, shown with the page once it has loaded. */
  title: string;
  /** Runs once the visitor has loaded, beside the content, before the page shows (e.g. the account); false means it failed. */
  load?: () => Promise<boolean>;
  /**
   * The editing screens load their municipality's markets before they show (get_own_content);
   * the login and the mail links have no content to show, so a clerk's line carries none.
   */
  withContent?: boolean;
  children?: ReactNode;
  /**
   * What stands below the screen's own content (the markets list's municipality data and embed
   * preview): shown one rendering after it, so the list does not wait for them (issue 50).
   */
  below?: ReactNode;
  /** The account and content the server rendered the screen with (stores/screen-seed.ts), if any. */
  seed?: ScreenSeed | null;
}

/**
 * Issue 50: the visitor is asked for as soon as this code has run in the browser, not once React has
 * hydrated the page, so its answer travels while the browser is still busy with the page; the app
 * root's first load takes it over (a retry asks again). The page's language is its <html lang>.
 */
let earlyVisitor: Promise<boolean> | undefined =
  typeof document !== 'undefined' && isLocale(document.documentElement.lang)
    ? loadVisitor(document.documentElement.lang)
    : undefined;

/**
 * The frame of every editing screen. Seed section 2/4: the visitor is loaded or created first,
 * then the content; until then only the logo shows, with a retry if loading fails. A page that
 * comes with its content (`seed`, issue 50) shows it at once; the visitor is still asked for first.
 */
export function AppRoot({ messages, seed = null, ...props }: AppRootProps) {
  // Before the first rendering, once, and only in the browser (seed.tsx says why).
  useState(() => seed && typeof window !== 'undefined' && seedStores(seed));
  return (
    <SeedContext value={seed}>
      <TranslationProvider messages={messages} locale={props.locale}>
        <LoadedPage {...props} seeded={seed !== null} />
        <Notices />
      </TranslationProvider>
    </SeedContext>
  );
}

function LoadedPage({
  locale,
  title,
  load,
  withContent = false,
  children,
  below,
  seeded,
}: Omit<AppRootProps, 'messages' | 'seed'> & { seeded: boolean }) {
  const { t } = useTranslation();
  const contentLoaded = useSeededStore($contentLoaded, () => true);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>(seeded ? 'ready' : 'loading');
  const [belowShown, setBelowShown] = useState(false);
  /** The visitor and the rest have loaded: the stored app state is in place. */
  const [started, setStarted] = useState(false);

  /** `alreadyLoaded`: the page came with its content and account; only the visitor is asked for. */
  const start = async (alreadyLoaded = false) => {
    if (!alreadyLoaded) setState('loading');
    // Content and account side by side: one wait on the line less, and an editing screen whose
    // session has ended goes to the login (its `load`) rather than failing on its content.
    const visitor = earlyVisitor ?? loadVisitor(locale);
    earlyVisitor = undefined;
    if (alreadyLoaded) {
      // The screen is in use already: a visitor that failed is logged (visitor.ts), the screen stays.
      // The visitor's stored state replaced the app state: the session's login stands.
      if (await visitor) loggedIn($account.get());
      setStarted(true);
      showNoticeFromLastPage();
      return;
    }
    const ok =
      (await visitor) &&
      (await Promise.all([withContent ? refreshContent() : true, load ? load() : true])).every(Boolean);
    setState(ok ? 'ready' : 'failed');
    setStarted(ok);
    if (ok) showNoticeFromLastPage();
  };

  useEffect(() => {
    // Once per page: the locale of a page never changes.
    void start(seeded);
  }, []);

  const ready = (contentLoaded || !withContent) && state === 'ready';
  useEffect(() => {
    if (!ready) return;
    // A task of its own: React would otherwise render it in the same one, before the browser shows anything.
    const later = setTimeout(() => setBelowShown(true));
    return () => clearTimeout(later);
  }, [ready]);
  useEffect(() => {
    // The sign that the screen can be used (tests wait for it): the heading is there before, in the
    // server's HTML. Set once what stands below has rendered too.
    if (ready && belowShown && started) document.documentElement.dataset['screen'] = 'ready';
  }, [ready, belowShown, started]);

  if (ready) {
    return (
      <>
        <h1>{title}</h1>
        {children}
        {belowShown && below}
      </>
    );
  }
  // Issue 21: the server's HTML has the page's one h1 too, for assistive technology only while the
  // spec's logo-only placeholder shows; the loaded page's own h1 replaces it.
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      {/* Its own key: else React would turn this very <div> into the screen's first <div>, which the
          browser then counts as the placeholder moving down under the heading (layout shift, Lighthouse). */}
      <div key="placeholder" className="app-placeholder" role="status" aria-live="polite">
        <Logo size={96} />
        {state === 'failed' ? (
          <p>
            {t('errors.unexpected')}{' '}
            <button type="button" onClick={() => void start()}>
              {t('app.retry')}
            </button>
          </p>
        ) : (
          <span className="visually-hidden">{t('app.loading')}</span>
        )}
      </div>
    </>
  );
}

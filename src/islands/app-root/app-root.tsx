import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18nFor } from '../../lib/i18n.ts';
import type { Locale } from '../../lib/languages.ts';
import { $contentLoaded, refreshContent } from '../../stores/content.ts';
import { showNoticeFromLastPage } from '../../stores/notices.ts';
import { loadVisitor } from '../../stores/visitor.ts';
import { Notices } from './notices.tsx';

interface AppRootProps {
  locale: Locale;
  /** The page's heading, shown with the page once it has loaded. */
  title: string;
  /** Runs after visitor and content have loaded, before the page shows (e.g. the account); false means it failed. */
  load?: () => Promise<boolean>;
  /** The editing screens ask for the municipality's hidden records too. */
  includeHidden?: boolean;
  children?: ReactNode;
}

/**
 * The frame of every editing screen. Seed section 2/4: the visitor is loaded or created first,
 * then the content; until then only the logo shows, with a retry if loading fails.
 */
export function AppRoot({ locale, ...props }: AppRootProps) {
  return (
    <I18nextProvider i18n={i18nFor(locale)}>
      <LoadedPage locale={locale} {...props} />
      <Notices />
    </I18nextProvider>
  );
}

function LoadedPage({ locale, title, load, includeHidden = false, children }: AppRootProps) {
  const { t } = useTranslation();
  const contentLoaded = useStore($contentLoaded);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');

  const start = async () => {
    setState('loading');
    const ok = (await loadVisitor(locale)) && (await refreshContent({ includeHidden })) && (load ? await load() : true);
    setState(ok ? 'ready' : 'failed');
    if (ok) showNoticeFromLastPage();
  };

  useEffect(() => {
    // Once per page: the locale of a page never changes.
    void start();
  }, []);

  if (contentLoaded && state === 'ready') {
    return (
      <>
        <h1>{title}</h1>
        {children}
      </>
    );
  }
  return (
    <div className="app-placeholder" role="status" aria-live="polite">
      <img src="/logo.svg" alt="" width="96" height="96" />
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
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nFor } from '../../lib/i18n.ts';
import type { Locale } from '../../lib/languages.ts';
import { $contentLoaded, refreshContent } from '../../stores/content.ts';
import { loadVisitor } from '../../stores/visitor.ts';

interface AppRootProps {
  locale: Locale;
  children?: ReactNode;
}

/**
 * Seed section 2/4: the visitor is loaded or created first, then the content; until the content
 * has loaded only the logo shows. Then the page appears inside the layout.
 */
export function AppRoot({ locale, children }: AppRootProps) {
  const { t } = useTranslation('translation', { i18n: i18nFor(locale) });
  const loaded = useStore($contentLoaded);
  const [failed, setFailed] = useState(false);

  const start = async () => {
    setFailed(false);
    const ok = (await loadVisitor(locale)) && (await refreshContent());
    setFailed(!ok);
  };

  useEffect(() => {
    // Once per page: the locale of a page never changes.
    void start();
  }, []);

  if (loaded) return <>{children}</>;
  return (
    <div className="app-placeholder" role="status" aria-live="polite">
      <img src="/logo.svg" alt="" width="96" height="96" />
      {failed ? (
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

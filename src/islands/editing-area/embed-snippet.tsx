import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../lib/languages.ts';
import { embedListPath, embedSnippet, heightOf } from '../../lib/embed/snippet.ts';
import { $account } from '../../stores/account.ts';
import { notify } from '../../stores/notices.ts';
import { useTranslation } from '../i18n.tsx';

/** The loader's first height (24em) until the list says its own. */
const FIRST_HEIGHT = 384;

/**
 * Issue 23, "Auf Ihrer Website einbinden": the one line a clerk pastes into the municipality's
 * website, a button to copy it, and the list as the website will show it, sized as the loader sizes it.
 */
export function EmbedSnippet({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const account = useStore($account);
  const code = useRef<HTMLTextAreaElement>(null);
  const preview = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== preview.current?.contentWindow) return;
      const posted = heightOf(event.data);
      if (posted !== null) setHeight(posted);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  if (!account) return null;
  const { gkz } = account.municipality;
  const snippet = embedSnippet(window.location.origin, gkz, locale);

  // The clipboard API needs a secure context; elsewhere the selected text and the old command.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      notify(t('embedSnippet.copied'));
    } catch {
      code.current?.select();
      const copied = document.execCommand('copy');
      notify(t(copied ? 'embedSnippet.copied' : 'embedSnippet.copyFailed'), copied ? 'success' : 'error');
    }
  };

  return (
    <section aria-labelledby="embed-heading" className="embed-snippet">
      <h2 id="embed-heading">{t('embedSnippet.heading')}</h2>
      <p>{t('embedSnippet.intro')}</p>
      <div className="field">
        <label htmlFor="embed-code">{t('embedSnippet.label')}</label>
        <textarea
          id="embed-code"
          ref={code}
          readOnly
          rows={4}
          value={snippet}
          aria-describedby="embed-options"
          onFocus={(event) => event.currentTarget.select()}
        />
        <p id="embed-options" className="muted">
          {t('embedSnippet.options')}
        </p>
      </div>
      <button type="button" onClick={() => void copy()}>
        {t('embedSnippet.copy')}
      </button>
      <h3>{t('embedSnippet.preview')}</h3>
      <iframe
        ref={preview}
        src={embedListPath(gkz, locale)}
        title={t('embedSnippet.frameTitle')}
        style={{ display: 'block', width: '100%', maxWidth: '40rem', height, border: '1px solid #6b6b6b' }}
      />
    </section>
  );
}

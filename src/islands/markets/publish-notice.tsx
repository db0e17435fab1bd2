import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FORMAT_TAGS, localizedPath, type Locale } from '../../lib/languages.ts';
import { notify } from '../../stores/notices.ts';
import { $publishing } from '../../stores/publishing.ts';
import { useTranslation } from '../i18n.tsx';

/**
 * Issue 17: after a save the clerk sees when the public directory shows it ("Veröffentlicht im
 * Marktverzeichnis um 14:32"), with a link to the market's public page, above the form. The
 * moment it is public is also a notice (bottom right, read out), since a clerk who saved at the
 * end of a long form does not see the top.
 */
/** The publication last told as a notice: the list and the form both show this line, the notice comes once. */
let told: string | null = null;

export function PublishNotice({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const publishing = useStore($publishing);
  const publishedAt = publishing && !publishing.pending ? publishing.publishedAt : null;
  const time = publishedAt
    ? new Intl.DateTimeFormat(FORMAT_TAGS[locale], { hour: '2-digit', minute: '2-digit' }).format(new Date(publishedAt))
    : '';
  const done = time ? t('publish.done', { time }) : '';
  useEffect(() => {
    if (!done || publishedAt === told) return;
    told = publishedAt;
    notify(done);
  }, [done, publishedAt]);
  if (!publishing) return null;
  return (
    <p className="muted publish-notice">
      {publishing.pending && t('publish.pending')}
      {done && (
        <>
          {done}{' '}
          {publishing.path ? (
            <a href={localizedPath(publishing.path, locale)} target="_blank" rel="noopener">
              {t('publish.link')}
            </a>
          ) : (
            publishing.marketId && t('publish.notShown')
          )}
        </>
      )}
    </p>
  );
}

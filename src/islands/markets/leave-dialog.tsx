import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from '../i18n.tsx';
import { $leaveRequest, $unsavedWork, answerLeave, leaveWith } from '../../stores/unsaved.ts';
import { Dialog } from '../forms/dialog.tsx';

/**
 * Seed: unsaved changes trigger a confirmation, save first or discard and leave — for the
 * screen's own ways out, for links of the page, and (as the browser's own question) for
 * closing the tab.
 */
export function LeaveDialog() {
  const { t } = useTranslation();
  const request = useStore($leaveRequest);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if ($unsavedWork.get()) event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || !$unsavedWork.get()) return;
      // The screen's own views (market-list.tsx) ask through openMarket, without leaving the page.
      if (link.hasAttribute('data-view-link')) return;
      // A link within the page (the error summary's, issue 53) leaves nothing.
      const here = window.location;
      if (link.hash && link.pathname === here.pathname && link.search === here.search) return;
      if (link.target || link.protocol === 'mailto:' || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      leaveWith(() => window.location.assign(link.href));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  return (
    <Dialog
      open={request !== null}
      title={t('unsaved.title')}
      onCancel={() => void answerLeave('stay')}
      actions={[
        { label: t('unsaved.save'), onClick: () => void answerLeave('save'), primary: true },
        { label: t('unsaved.discard'), onClick: () => void answerLeave('discard'), danger: true },
        { label: t('unsaved.stay'), onClick: () => void answerLeave('stay') },
      ]}
    >
      <p>{t('unsaved.text')}</p>
    </Dialog>
  );
}

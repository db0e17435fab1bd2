import { useTranslation } from '../i18n.tsx';
import type { ContentMarket } from '../../lib/market.ts';
import { deleteMarket } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { Dialog } from '../forms/dialog.tsx';
import { messageOf } from '../forms/use-form.ts';

interface DeleteMarketProps {
  market: ContentMarket | null;
  open: boolean;
  onClose: () => void;
  /** After the delete: the form's unsaved work goes with the market. */
  onDeleted: () => void;
}

/** Asks before a market is deleted with all its dates; the safe choice has the focus. */
export function DeleteMarket({ market, open, onClose, onDeleted }: DeleteMarketProps) {
  const { t } = useTranslation();
  const remove = async () => {
    onClose();
    if (!market) return;
    try {
      await deleteMarket(market.id);
      notify(t('notice.marketDeleted'));
      onDeleted();
    } catch (error) {
      notify(messageOf(error, t), 'error');
    }
  };
  return (
    <Dialog
      open={open}
      title={t('market.deleteTitle')}
      onCancel={onClose}
      actions={[
        { label: t('market.deleteConfirm'), onClick: () => void remove(), danger: true },
        { label: t('dialog.cancel'), onClick: onClose, primary: true },
      ]}
    >
      <p>{t('market.deleteText', { title: market?.title ?? '' })}</p>
    </Dialog>
  );
}

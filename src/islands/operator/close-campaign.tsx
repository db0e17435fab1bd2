import { useState } from 'react';
import { Dialog } from '../forms/dialog.tsx';
import { useTranslation } from '../i18n.tsx';

/** Issue 22: closing the running campaign, after a dialog that says what it ends and what stays. */
export function CloseCampaign({ year, disabled, onClose }: { year: number; disabled: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const values = { year: String(year) };
  return (
    <>
      <button type="button" className="button-danger" disabled={disabled} onClick={() => setAsking(true)}>
        {t('operator.campaign.close', values)}
      </button>
      <Dialog
        open={asking}
        title={t('operator.campaign.closeTitle', values)}
        onCancel={() => setAsking(false)}
        actions={[
          {
            label: t('operator.campaign.closeConfirm'),
            onClick: () => {
              setAsking(false);
              onClose();
            },
            danger: true,
          },
          { label: t('dialog.cancel'), onClick: () => setAsking(false), primary: true },
        ]}
      >
        <p>{t('operator.campaign.closeText', values)}</p>
      </Dialog>
    </>
  );
}

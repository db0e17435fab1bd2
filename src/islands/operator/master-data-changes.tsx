import type { MasterDataChangeKind } from '../../lib/operator.ts';
import { useTranslation } from '../i18n.tsx';

/** The wire shape of services/master-data-preview.ts (issue 55: removals and moves too). */
export interface MasterDataPreview {
  counts: { states: number; districts: number; municipalities: number };
  changes: {
    kind: 'state' | 'district' | 'municipality';
    code: string;
    change: MasterDataChangeKind;
    before: string | null;
    after: string | null;
    from?: string;
    holds?: { markets: number; users: number };
  }[];
  applied: boolean;
}

/** A first import changes all 2,095 municipalities: the table shows enough to judge, and counts the rest. */
const SHOWN = 300;

/** The preview of a master-data import: what the lists hold, and each difference from the data on file. */
export function MasterDataChanges({ preview }: { preview: MasterDataPreview }) {
  const { t } = useTranslation();
  const { changes } = preview;
  return (
    <>
      <p>{t('operator.masterData.counts', preview.counts)}</p>
      {changes.length === 0 ? (
        <p>{t('operator.masterData.noChanges')}</p>
      ) : (
        <div
          role="region"
          aria-labelledby="master-data-changes"
          tabIndex={0}
          style={{ maxHeight: '30rem', overflow: 'auto' }}
        >
          <table className="data-table">
            <caption id="master-data-changes">{t('operator.masterData.changes', { count: changes.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('operator.masterData.change')}</th>
                <th scope="col">{t('operator.masterData.kind')}</th>
                <th scope="col">{t('operator.masterData.code')}</th>
                <th scope="col">{t('operator.masterData.before')}</th>
                <th scope="col">{t('operator.masterData.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.slice(0, SHOWN).map((change) => (
                <tr key={`${change.kind}-${change.code}`}>
                  <td>{t(`operator.masterData.change.${change.change}`)}</td>
                  <td>{t(`operator.masterData.kind.${change.kind}`)}</td>
                  <td>{change.from ? `${change.from} → ${change.code}` : change.code}</td>
                  <td>{change.before ?? '–'}</td>
                  <td>
                    {change.after ?? t('operator.masterData.notListed')}
                    {change.holds && change.holds.markets + change.holds.users > 0 && (
                      <>
                        <br />
                        {t('operator.masterData.holds', { ...change.holds, code: change.from ?? change.code })}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {changes.length > SHOWN && <p>{t('operator.masterData.more', { count: changes.length - SHOWN })}</p>}
        </div>
      )}
    </>
  );
}

import { useTranslation } from '../i18n.tsx';
import { StatusField, type DraftFieldsProps } from './draft-fields.tsx';

/**
 * Status and "ausblenden" side by side, each with what it is for: both keep a market out of the
 * app and the directory (api.md, get_content_stops), but "inaktiv" says it is no longer held,
 * "ausblenden" that it is not to be shown yet. Two fields of the seed, so they stay two.
 */
export function VisibilityFields(fields: DraftFieldsProps) {
  const { t } = useTranslation();
  const { draft, set, idOf } = fields;
  return (
    <>
      <p className="field-hint">{t('market.visibilityHint')}</p>
      <StatusField {...fields} />
      <div className="field">
        <span className="field-check">
          <input
            id={idOf('hidden')}
            type="checkbox"
            checked={draft.hidden}
            aria-describedby={idOf('hidden-hint')}
            onChange={(event) => set('hidden', event.target.checked)}
          />
          <label htmlFor={idOf('hidden')}>{t('market.field.hidden')}</label>
        </span>
        <p id={idOf('hidden-hint')} className="field-hint">
          {t('market.hint.hidden')}
        </p>
      </div>
    </>
  );
}

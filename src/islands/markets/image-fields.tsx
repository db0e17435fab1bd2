import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import { FieldFrame } from '../forms/field.tsx';
import type { DraftFieldsProps } from './draft-fields.tsx';

/**
 * The market's image: its address, the text for people who cannot see it, a description, and
 * the focal point (seed: x and y in percent), set by clicking the preview or with the two numbers.
 */
export function ImageFields({ draft, set, idOf, errorOf, leave }: DraftFieldsProps) {
  const { t } = useTranslation();
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    set('focal_x', Math.round(((event.clientX - box.left) / box.width) * 100));
    set('focal_y', Math.round(((event.clientY - box.top) / box.height) * 100));
  };
  const input = (field: 'image_url' | 'image_alt' | 'image_description', label: MessageKey, errorKey: string) => (
    <FieldFrame id={idOf(field)} label={t(label)} error={errorOf(errorKey)}>
      {(control) => (
        <input
          {...control}
          type={field === 'image_url' ? 'url' : 'text'}
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
          onBlur={leave(errorKey)}
        />
      )}
    </FieldFrame>
  );
  const percent = (field: 'focal_x' | 'focal_y', label: MessageKey) => (
    <div className="field">
      <label htmlFor={idOf(field)}>{t(label)}</label>
      <input
        id={idOf(field)}
        type="number"
        min={0}
        max={100}
        value={draft[field]}
        onChange={(event) => set(field, Math.min(100, Math.max(0, Number(event.target.value) || 0)))}
      />
    </div>
  );
  return (
    <fieldset>
      <legend>{t('market.image')}</legend>
      {input('image_url', 'market.field.imageUrl', 'image.url')}
      {draft.image_url && (
        <>
          {input('image_alt', 'market.field.imageAlt', 'image.alt')}
          {input('image_description', 'market.field.imageDescription', 'image.description')}
          <p className="field-hint">{t('market.focalHint')}</p>
          {/* The preview is a button, so the point can also be set by keyboard through the two numbers below. */}
          <button type="button" className="focal-preview" onClick={pick} aria-describedby={idOf('focal_x')}>
            <img src={draft.image_url} alt={draft.image_alt} referrerPolicy="no-referrer" />
            {/* Set through the DOM's style object (allowed by the CSP); the island is never rendered on the server. */}
            <span className="focal-point" style={{ left: `${draft.focal_x}%`, top: `${draft.focal_y}%` }} />
          </button>
          <div className="field-row">
            {percent('focal_x', 'market.field.focalX')}
            {percent('focal_y', 'market.field.focalY')}
          </div>
        </>
      )}
    </fieldset>
  );
}

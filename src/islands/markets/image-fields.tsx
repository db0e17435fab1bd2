import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import { uploadedPhotoOf } from '../../lib/market-photo.ts';
import { releaseMarketPhoto } from '../../stores/market-photos.ts';
import { FieldFrame } from '../forms/field.tsx';
import type { DraftFieldsProps } from './draft-fields.tsx';
import { FocalPoint } from './focal-point.tsx';
import { PhotoPicker } from './photo-picker.tsx';

/**
 * The market's image (issue 20): a photo chosen or dropped and uploaded, shown at once, its focal
 * point set on the picture by click or arrow keys; the text for people who cannot see it (required
 * whenever there is an image) and a description. An address typed earlier (`https://…`) stays
 * editable; the form does not load it, as the page's CSP allows pictures from the portal only and
 * the clerk's browser should not call a third party: the directory shows the portal's copy.
 */
export function ImageFields({ draft, set, idOf, errorOf, leave }: DraftFieldsProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const uploaded = uploadedPhotoOf(draft.image_url) !== null;
  const shown = preview ?? (uploaded ? draft.image_url : null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const letGo = (url: string) => void releaseMarketPhoto(url);
  const remove = () => {
    letGo(draft.image_url);
    setPreview(null);
    for (const field of ['image_url', 'image_alt', 'image_description'] as const) set(field, '');
    set('focal_x', 50);
    set('focal_y', 50);
  };
  const text = (field: 'image_url' | 'image_alt' | 'image_description', label: MessageKey, errorKey: string) => (
    <FieldFrame id={idOf(field)} label={t(label)} error={errorOf(errorKey)} required={field === 'image_alt'}>
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
      {shown && (
        <>
          <p id={idOf('focal-hint')} className="field-hint">
            {t('market.focalHint')}
          </p>
          <FocalPoint
            src={shown}
            x={draft.focal_x}
            y={draft.focal_y}
            describedBy={idOf('focal-hint')}
            onChange={(x, y) => {
              set('focal_x', x);
              set('focal_y', y);
            }}
          />
        </>
      )}
      <PhotoPicker
        id={idOf('image_file')}
        replacing={!!draft.image_url}
        onChosen={setPreview}
        onUploaded={(image) => {
          if (draft.image_url && draft.image_url !== image.url) letGo(draft.image_url);
          set('image_url', image.url);
        }}
        onFailed={() => setPreview(null)}
      />
      {!uploaded && text('image_url', 'market.field.imageUrl', 'image.url')}
      {draft.image_url && !uploaded && <p className="field-hint">{t('market.photo.typedHint')}</p>}
      {draft.image_url && (
        <>
          {text('image_alt', 'market.field.imageAlt', 'image.alt')}
          {text('image_description', 'market.field.imageDescription', 'image.description')}
          <div className="field-row">
            {percent('focal_x', 'market.field.focalX')}
            {percent('focal_y', 'market.field.focalY')}
          </div>
          <button type="button" className="button-secondary" onClick={remove}>
            {t('market.photo.remove')}
          </button>
        </>
      )}
    </fieldset>
  );
}

import { useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from '../i18n.tsx';
import { ApiRequestError } from '../../stores/api-client.ts';
import { uploadMarketPhoto, type UploadedImage } from '../../stores/market-photos.ts';

/** As the server (photo-encoding.ts): refused at once rather than after sending 30 MB. */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';

interface PhotoPickerProps {
  id: string;
  /** Whether a picture is set: the control then offers another one. */
  replacing: boolean;
  /** At once, with an object URL of the chosen file, so the clerk sees it while it uploads. */
  onChosen: (preview: string) => void;
  onUploaded: (image: UploadedImage) => void;
  onFailed: () => void;
}

/** Choosing or dropping a photo and sending it, with its progress and refusal in the clerk's language (issue 20). */
export function PhotoPicker({ id, replacing, onChosen, onUploaded, onFailed }: PhotoPickerProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const send = async (file: File) => {
    setError(null);
    if (file.size > MAX_BYTES) return setError(t('errors.photo_too_large'));
    onChosen(URL.createObjectURL(file));
    setProgress(0);
    try {
      onUploaded(await uploadMarketPhoto(file, setProgress));
    } catch (failure) {
      const network = !(failure instanceof ApiRequestError) || failure.code === 'network';
      setError(network ? t('errors.network') : failure.message);
      onFailed();
    } finally {
      setProgress(null);
    }
  };
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file again is a new choice
    if (file) void send(file);
  };
  const dropped = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && progress === null) void send(file);
  };
  const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div
      className={dragging ? 'photo-drop photo-drop-active' : 'photo-drop'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={dropped}
    >
      <label htmlFor={id}>{t(replacing ? 'market.photo.replace' : 'market.photo.choose')}</label>
      <p id={`${id}-hint`} className="field-hint">
        {t('market.photo.hint')}
      </p>
      <input
        id={id}
        type="file"
        accept={ACCEPTED}
        onChange={chosen}
        disabled={progress !== null}
        aria-describedby={described}
        {...(error ? { 'aria-invalid': true } : {})}
      />
      <p role="status" className="photo-progress">
        {progress !== null && (
          <>
            <progress value={progress} max={1} />{' '}
            {progress < 1
              ? t('market.photo.uploading', { percent: Math.round(progress * 100) })
              : t('market.photo.processing')}
          </>
        )}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from '../i18n.tsx';

interface FocalPointProps {
  /** The picture itself: an object URL of the chosen file, or the uploaded photo on the portal's origin. */
  src: string;
  x: number;
  y: number;
  onChange: (x: number, y: number) => void;
  describedBy: string;
}

const ARROWS: Readonly<Record<string, [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/**
 * The focal point (seed: x and y in percent), set by clicking the real picture or with the arrow
 * keys (Shift: steps of ten), issue 20. The directory crops around it (`object-position`).
 */
export function FocalPoint({ src, x, y, onChange, describedBy }: FocalPointProps) {
  const { t } = useTranslation();
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return; // a click from the keyboard (Enter) has no place
    onChange(
      clamp(((event.clientX - box.left) / box.width) * 100),
      clamp(((event.clientY - box.top) / box.height) * 100),
    );
  };
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const size = event.shiftKey ? 10 : 1;
    onChange(clamp(x + step[0] * size), clamp(y + step[1] * size));
  };
  return (
    <button
      type="button"
      className="focal-preview"
      onClick={pick}
      onKeyDown={move}
      aria-label={t('market.focalPicker', { x, y })}
      aria-describedby={describedBy}
      data-testid="focal-picker"
    >
      {/* Named by the button; the alt text of the picture is the field below. */}
      <img src={src} alt="" draggable={false} />
      {/* Set through the DOM's style object (allowed by the CSP); the island is never rendered on the server. */}
      <span className="focal-point" style={{ left: `${x}%`, top: `${y}%` }} />
    </button>
  );
}

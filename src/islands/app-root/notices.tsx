import { resolveValue, useToaster } from 'react-hot-toast/headless';
import { NOTICE_MS } from '../../stores/notices.ts';

/**
 * The toasts (seed: 3000 ms, bottom right, paused on hover), drawn with our own markup and
 * stylesheet: react-hot-toast's ready-made Toaster injects inline styles, which the page's
 * Content-Security-Policy rightly blocks.
 */
export function Notices() {
  const { toasts, handlers } = useToaster({ duration: NOTICE_MS });
  return (
    <div className="notices" aria-live="polite" onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      {toasts
        .filter((notice) => notice.visible)
        .map((notice) => (
          <div
            key={notice.id}
            className={`notice notice-${notice.type}`}
            role={notice.type === 'error' ? 'alert' : undefined}
          >
            {resolveValue(notice.message, notice)}
          </div>
        ))}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { resolveValue, toast, useToaster } from 'react-hot-toast/headless';
import { NOTICE_MS } from '../../stores/notices.ts';

/**
 * The toasts (seed: 3000 ms, bottom right, paused on hover), drawn with our own markup and
 * stylesheet: react-hot-toast's ready-made Toaster injects inline styles, which the page's
 * Content-Security-Policy rightly blocks.
 */
export function Notices() {
  const { toasts, handlers } = useToaster({ duration: NOTICE_MS });
  const area = useRef<HTMLDivElement>(null);

  // Issue 53 (WCAG 2.2, 2.4.11): a notice never hides the control the focus moves to; on a phone
  // it would sit over the form. It was announced already, so it goes.
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || !area.current) return;
      const focused = event.target.getBoundingClientRect();
      for (const notice of area.current.querySelectorAll<HTMLElement>('[data-notice]')) {
        const box = notice.getBoundingClientRect();
        const overlaps =
          box.left < focused.right && box.right > focused.left && box.top < focused.bottom && box.bottom > focused.top;
        if (overlaps) toast.dismiss(notice.dataset['notice']);
      }
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  return (
    <div
      ref={area}
      className="notices"
      aria-live="polite"
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
    >
      {toasts
        .filter((notice) => notice.visible)
        .map((notice) => (
          <div
            key={notice.id}
            data-notice={notice.id}
            className={`notice notice-${notice.type}`}
            role={notice.type === 'error' ? 'alert' : undefined}
          >
            {resolveValue(notice.message, notice)}
          </div>
        ))}
    </div>
  );
}

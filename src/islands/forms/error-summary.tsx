import { useLayoutEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { SummaryItem } from './use-form.ts';

/**
 * The refusals of a sent form at its top (issue 53, the GOV.UK error summary): it takes the focus,
 * names each field with its message, and each line leads to its field. The labels are read from
 * the form itself, so a field is named as the clerk sees it, wherever it is declared.
 */
export function ErrorSummary({ id, items }: { id: string; items: SummaryItem[] }) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState<Record<string, string>>({});
  const key = items.map((item) => item.control).join();
  useLayoutEffect(() => {
    // The controls, not the messages, decide which labels are needed: read again when they change.
    setLabels(Object.fromEntries(key.split(',').map((control) => [control, labelOf(control)])));
  }, [key]);
  if (items.length === 0) return null;
  const goTo = (control: string) => (event: MouseEvent) => {
    const element = document.getElementById(control);
    if (!element) return;
    event.preventDefault();
    element.focus();
    element.scrollIntoView({ block: 'center' });
  };
  return (
    <div id={id} className="error-summary" tabIndex={-1} role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="error-summary-title">
        {t('form.errorSummary', { count: items.length })}
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.control}>
            <a href={`#${item.control}`} onClick={goTo(item.control)}>
              {labels[item.control]
                ? t('form.namedLine', { name: labels[item.control]!, text: item.message })
                : item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A control's name as its form shows it: its label (without "required"); a box or choice of a
 * group (the weekdays) by the group's legend, as is one without a label.
 */
function labelOf(control: string): string {
  const element = document.getElementById(control);
  const grouped = element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
  const label = !grouped && element && 'labels' in element ? (element as HTMLInputElement).labels?.[0] : undefined;
  const source = label ?? element?.closest('fieldset')?.querySelector('legend') ?? null;
  if (!source) return element?.getAttribute('aria-label') ?? '';
  const copy = source.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.field-required').forEach((part) => part.remove());
  return copy.textContent?.trim() ?? '';
}

import { useEffect, useRef, type ReactNode } from 'react';

interface SectionHeadingProps {
  /** Names the form it heads (aria-labelledby), so the form is a landmark with that name. */
  id: string;
  children: ReactNode;
  focusOnShow?: boolean | undefined;
}

/**
 * A screen part's heading. When the part replaces another (login ↔ forgot password), focus moves
 * to it, so keyboard and screen-reader users land where the new content starts.
 */
export function SectionHeading({ id, children, focusOnShow = false }: SectionHeadingProps) {
  const heading = useFocusOnShow(focusOnShow);
  return (
    <h2 id={id} ref={heading} tabIndex={-1}>
      {children}
    </h2>
  );
}

/**
 * The ref of a heading that takes the focus when its part is shown (a view, a form opening in a
 * table, a review): keyboard and screen-reader users go on where the new content starts. The
 * heading needs `tabIndex={-1}`.
 */
export function useFocusOnShow(focus = true) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, []);
  return heading;
}

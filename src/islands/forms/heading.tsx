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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, []);
  return (
    <h2 id={id} ref={heading} tabIndex={-1}>
      {children}
    </h2>
  );
}

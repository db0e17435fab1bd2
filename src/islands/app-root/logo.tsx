/**
 * The portal's logo (public/logo.svg, which the site's header shows as an image), drawn in the page
 * for the placeholder: as a second <img> of another size it was one more picture of an SVG document
 * to paint on an editing page's first paint (issue 50). Decorative: the heading says the words.
 */
export function Logo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="#0b5d3b" d="M6 24 14 8h36l8 16z" />
      <path fill="#f4c430" d="M14 8h9l-3 16h-8zm18 0h9l2 16h-8zm18 0 8 16h-7l-4-16z" />
      <path fill="#0b5d3b" d="M10 26h44v4H10zm4 4h4v26h-4zm32 0h4v26h-4z" />
      <path fill="#7a4a1e" d="M18 42h28v6H18z" />
      <circle cx="26" cy="38" r="4" fill="#c0392b" />
      <circle cx="37" cy="38" r="4" fill="#e67e22" />
    </svg>
  );
}

/**
 * Wide tables of the Markdown pages (the privacy policy's) scroll inside a box of their own instead
 * of widening the page on a phone (issue 19). The box takes keyboard focus so that it can be
 * scrolled without a mouse (WCAG 2.1.1), and its name says why it is there.
 */
export function scrollableTables(html: string, label: string): string {
  const name = label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html
    .replace(/<table(?=[\s>])/g, `<div class="table-scroll" role="region" tabindex="0" aria-label="${name}"><table`)
    .replace(/<\/table>/g, '</table></div>');
}

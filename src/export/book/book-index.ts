import type { Locale } from '../../lib/languages.ts';
import type { Tag, Typesetter } from './book-typesetter.ts';
import { byFirstLetter } from '../../lib/directory/collation.ts';

export const INDEX_DESTINATION = 'index';

export interface IndexEntry {
  name: string;
  postcode: string;
  page: number;
}

/**
 * The index of municipalities in two columns (issue 21), each column filled top to bottom before
 * the next: name and postcode, the page number flush right in its column. In the structure it is
 * an Index holding a list, one item per municipality, in reading order.
 */
export function writeIndex(set: Typesetter, root: Tag, entries: IndexEntry[], title: string, lang: Locale): number {
  const { size, lineHeight } = set;
  const section = set.element(root, 'Sect');
  const heading = set.element(section, 'H1');
  const list = set.element(set.element(section, 'Index'), 'L');
  set.head = title;
  set.newPage({ opening: true });
  set.doc.outline.addItem(title);
  set.doc.addNamedDestination(INDEX_DESTINATION, 'XYZ', 0, set.doc.page.height - set.y, null);
  set.write(heading, title, lang, 'bold', size * 2);
  set.y += size * 0.3;

  const gap = size * 2;
  const columnWidth = (set.width() - gap) / 2;
  const hang = size;
  const measure = set.measure('regular', size);
  const page = set.pages.length;
  let columnTop = set.y;
  let column = 0;
  const sorted = [...entries].sort((a, b) => byFirstLetter(a.name, b.name) || a.postcode.localeCompare(b.postcode));
  for (const entry of sorted) {
    const body = set.element(set.element(list, 'LI'), 'LBody');
    const number = String(entry.page);
    const spans = [{ text: `${entry.name} (${entry.postcode})`, lang: 'de' as const, whole: true, tag: body }];
    // Lines after an entry's first are indented, so each name stands out at the column's edge.
    const lines = set.layout(spans, 'regular', size, columnWidth - measure(` ${number}`) - size - hang);
    if (set.y + lines.length * lineHeight > set.bottom()) {
      if (column === 0) {
        column = 1;
        set.y = columnTop;
      } else {
        set.newPage();
        column = 0;
        columnTop = set.y;
      }
    }
    const x = column * (columnWidth + gap);
    lines.forEach((line, i) => set.drawLines([line], spans, 'regular', size, x + (i ? hang : 0)));
    // The number stands on the entry's last line.
    set.y -= lineHeight;
    set.text(body, ` ${number}`, 'regular', size, set.left() + x + columnWidth - measure(` ${number}`));
    set.y += lineHeight;
  }
  return page;
}

import type { Locale } from '../../lib/languages.ts';
import type { Font, Tag, Typesetter } from './book-typesetter.ts';

export interface ContentsEntry {
  level: 0 | 1;
  name: string;
  /** The named destination of the heading the entry leads to. */
  destination: string;
  /** Set off by an empty line (the index, after the chapters). */
  apart?: boolean;
}

/**
 * The table of contents: its pages are reserved before the chapters, its entries are written at the
 * end, when the page numbers are known. Its place in the structure tree and among the bookmarks is
 * taken now, before the chapters, so both read in the order the pages do (issue 21: the "Inhalt"
 * bookmark came last).
 */
export function reserveContents(set: Typesetter, root: Tag, entries: ContentsEntry[], title: string, lang: Locale) {
  const { doc, geometry, lineHeight } = set;
  const section = set.element(root, 'Sect');
  const heading = set.element(section, 'H1');
  const toc = set.element(section, 'TOC');
  doc.outline.addItem(title);
  // Each page keeps three lines free: the first page's heading takes them.
  const perPage = Math.floor((doc.page.height - geometry.top - geometry.bottom) / lineHeight) - 3;
  const rows = entries.length + entries.filter((entry) => entry.apart).length;
  const count = Math.max(1, Math.ceil(rows / perPage));
  const first = set.pages.length;
  for (let i = 0; i < count; i += 1) set.newPage({ opening: i === 0 });

  /** Fills the reserved pages: each entry a link to its heading, with dot leaders to its page number. */
  return (pageOf: Map<string, number>) => {
    let page = first;
    set.toPage(page);
    set.write(heading, title, lang, 'bold', set.size * 2);
    set.y += set.size * 0.3;
    for (const entry of entries) {
      if (entry.apart) set.y += lineHeight;
      if (set.y + lineHeight > set.bottom() && page < first + count - 1) set.toPage((page += 1));
      entryLine(set, toc, entry, pageOf.get(entry.destination) ?? 0);
      set.y += lineHeight;
    }
  };
}

function entryLine(set: Typesetter, toc: Tag, entry: ContentsEntry, page: number): void {
  const { doc, size } = set;
  const font: Font = entry.level === 0 ? 'bold' : 'regular';
  const x = set.left() + entry.level * size * 1.5;
  const measure = set.measure(font, size);
  const number = String(page);
  const numberX = set.left() + set.width() - measure(number);
  const link = set.element(set.element(set.element(toc, 'TOCI'), 'Reference'), 'Link');
  set.text(link, `${entry.name} `, font, size, x);
  const nameEnd = x + measure(`${entry.name} `);
  const dot = set.measure('regular', size)('. ');
  const dots = Math.floor((numberX - nameEnd - size * 0.5) / dot);
  if (dots > 1) {
    const start = numberX - size * 0.5 - dots * dot;
    set.artifact('Layout', () =>
      doc.font('regular').fontSize(size).text('. '.repeat(dots), start, set.y, { lineBreak: false }),
    );
  }
  set.text(link, number, font, size, numberX);
  // A link annotation belongs to its Link element and says where it leads (PDF/UA-1, 7.18.1 and
  // 7.18.5). @types/pdfkit knows neither structParent nor that Contents must be a String object
  // (pdfkit writes a plain string as a PDF name).
  const annotation = { structParent: link.node, Contents: new String(`${entry.name} ${number}`) };
  doc.goTo(
    x,
    set.y,
    set.left() + set.width() - x,
    set.lineHeight,
    entry.destination,
    annotation as unknown as PDFKit.Mixins.AnnotationOption,
  );
  link.node.end();
}

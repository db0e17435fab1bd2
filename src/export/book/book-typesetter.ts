import { createRequire } from 'node:module';
import type { Locale } from '../../lib/languages.ts';
import { breakRuns, type Line, type Run, type Width } from './text-layout.ts';

export type PaperFormat = 'a5' | 'a4';

const require = createRequire(import.meta.url);
export const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf'),
};
export type Font = keyof typeof FONTS;

/** Page geometry in points; A4 sets everything one step larger. */
export const GEOMETRY = {
  a5: { size: 'A5', inner: 48, outer: 36, top: 50, bottom: 46, body: 8.5 },
  a4: { size: 'A4', inner: 64, outer: 50, top: 64, bottom: 60, body: 10 },
} as const;
type Geometry = (typeof GEOMETRY)[PaperFormat];

/** BCP 47 tags of the book's languages, for the PDF's /Lang and its structure elements. */
export const LANG_TAGS: Record<Locale, string> = { de: 'de-AT', en: 'en-GB', fr: 'fr-FR' };

/** A structure element with the role it was made with (pdfkit keeps the role to itself). */
export interface Tag {
  role: string;
  node: PDFKit.PDFStructureElement;
}

/** A stretch of a paragraph, in its language, marked as content of its structure element. */
export interface Span extends Run {
  tag: Tag;
}

/** What the running heads need to know about a page. */
interface PageInfo {
  head: string;
  /** Chapter-opening pages carry no running head (issue 21); the cover carries nothing at all. */
  opening: boolean;
  numbered: boolean;
}

/**
 * Places tagged text on the pages of a PDF/UA book: every piece of text it draws is either marked
 * content of a structure element or an artifact (PDF/UA-1, 7.1), which is why the book draws all
 * its text through here. Lines are set one by one at explicit positions, so a paragraph's content
 * may span pages.
 */
export class Typesetter {
  readonly pages: PageInfo[] = [];
  /** Index of the page being written. */
  current = -1;
  y = 0;
  /** The running head of the pages that follow. */
  head = '';
  readonly size: number;
  readonly lineHeight: number;

  readonly doc: PDFKit.PDFDocument;
  readonly geometry: Geometry;

  constructor(doc: PDFKit.PDFDocument, geometry: Geometry) {
    this.doc = doc;
    this.geometry = geometry;
    this.size = geometry.body;
    this.lineHeight = geometry.body * 1.35;
  }

  /** Page 1, 3, … (index 0, 2, …) are right-hand pages: the inner margin is on their left. */
  left(): number {
    return this.current % 2 === 0 ? this.geometry.inner : this.geometry.outer;
  }
  width(): number {
    return this.doc.page.width - this.geometry.inner - this.geometry.outer;
  }
  bottom(): number {
    return this.doc.page.height - this.geometry.bottom;
  }

  newPage({ opening = false, numbered = true } = {}): void {
    this.doc.addPage();
    this.pages.push({ head: this.head, opening, numbered });
    this.current = this.pages.length - 1;
    this.y = this.geometry.top;
  }
  /** Back to a page written before (the contents, the running heads). */
  toPage(index: number): void {
    this.doc.switchToPage(index);
    this.current = index;
    this.y = this.geometry.top;
  }
  /** Room for `height` more points on this page, else a new page. */
  ensure(height: number): void {
    if (this.y + height > this.bottom()) this.newPage();
  }

  measure(font: Font, fontSize: number): (text: string) => number {
    return (text) => this.doc.font(font).fontSize(fontSize).widthOfString(text);
  }
  /** A new structure element under `parent`, in reading order. */
  element(parent: Tag, role: string, options: PDFKit.Mixins.StructureElementOptions = {}): Tag {
    const tag = { role, node: this.doc.struct(role, options) };
    parent.node.add(tag.node);
    return tag;
  }

  layout(spans: readonly Span[], font: Font, fontSize: number, width: Width = this.width()): Line[] {
    return breakRuns(spans, width, this.measure(font, fontSize));
  }
  /** Draws laid-out lines from the cursor on, each part as content of its span's element. */
  drawLines(lines: readonly Line[], spans: readonly Span[], font: Font, fontSize: number, indent = 0): void {
    const lineHeight = (this.lineHeight * fontSize) / this.size;
    for (const line of lines) {
      this.ensure(lineHeight);
      let x = this.left() + indent;
      for (const part of line) {
        this.text(spans[part.run]!.tag, part.text, font, fontSize, x);
        x += this.doc.widthOfString(part.text);
        if (part.hyphen) this.artifact('Layout', () => this.doc.text('-', x, this.y, { lineBreak: false }));
      }
      this.y += lineHeight;
    }
  }
  /** A paragraph of one text in one font, as content of `tag`. */
  write(tag: Tag, text: string, lang: Locale, font: Font, fontSize: number, indent = 0): void {
    const spans = [{ text, lang, tag }];
    this.drawLines(this.layout(spans, font, fontSize, this.width() - indent), spans, font, fontSize, indent);
  }
  /** One line of text at `x`, marked as content of `tag`. */
  text(tag: Tag, text: string, font: Font, fontSize: number, x: number, options: PDFKit.Mixins.TextOptions = {}): void {
    tag.node.add(this.doc.markStructureContent(tag.role));
    this.doc
      .font(font)
      .fontSize(fontSize)
      .text(text, x, this.y, { lineBreak: false, ...options });
    this.doc.endMarkedContent();
  }
  /** An image of `side` points square at (x, y), as the content of a Figure. */
  figure(tag: Tag, image: Buffer, x: number, y: number, side: number): void {
    tag.node.add(this.doc.markStructureContent('Figure'));
    this.doc.image(image, x, y, { width: side, height: side });
    this.doc.endMarkedContent();
  }
  /** Drawing that is not content (running heads, page numbers, dot leaders): marked as an artifact. */
  artifact(type: 'Pagination' | 'Layout', draw: () => void): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** Running heads and page numbers, once every page is written; artifacts, as PDF/UA asks of them. */
  finishPages(): void {
    this.pages.forEach((page, i) => {
      if (!page.numbered) return;
      this.toPage(i);
      const align = i % 2 === 0 ? 'right' : 'left';
      const options = { lineBreak: false, width: this.width(), align } as const;
      this.artifact('Pagination', () => {
        if (page.head && !page.opening) {
          this.doc
            .font('italic')
            .fontSize(this.size * 0.9)
            .text(page.head, this.left(), this.geometry.top / 2, options);
        }
        this.doc
          .font('regular')
          .fontSize(this.size * 0.9)
          .text(String(i + 1), this.left(), this.doc.page.height - this.geometry.bottom / 1.6, options);
      });
    });
  }
}

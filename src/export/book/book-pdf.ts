import PDFDocument from 'pdfkit';
import { dayFormatter } from '../../lib/directory/format.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { translator, type Translate } from '../../lib/i18n.ts';
import { editionAddress, municipalityShortAddress, printedAddress } from '../../lib/book/addresses.ts';
import { marketsOf } from '../../lib/directory/listing.ts';
import { formatCount } from '../../lib/numbers.ts';
import type { Locale } from '../../lib/languages.ts';
import type { Book } from '../../lib/book/book.ts';
import { writeState, type ChapterContext } from './book-chapters.ts';
import { reserveContents, type ContentsEntry } from './book-contents.ts';
import { INDEX_DESTINATION, writeIndex } from './book-index.ts';
import { qrCodesOf } from './qr-codes.ts';
import { FONTS, GEOMETRY, LANG_TAGS, Typesetter, type PaperFormat, type Tag } from './book-typesetter.ts';

export interface BookPdfOptions {
  locale: Locale;
  format: PaperFormat;
  siteTitle: string;
  providerName: string;
  /** Issue 22: municipalities that confirmed their data for the book's year; null: no campaign. */
  confirmedMunicipalities?: number | null;
  /** The portal's public address (PUBLIC_BASE_URL): the QR codes lead there (issue 55). */
  baseUrl: string;
  /** The printed edition this book is (issue 55): its cover leads to the edition's change page. */
  edition?: string | null;
}

/**
 * The printed directory book: cover, table of contents (linked, with page numbers, also as PDF
 * bookmarks), states → districts → municipalities → markets with their dates, running heads and
 * page numbers, an index of municipalities. A tagged PDF/UA-1 (issue 21): PDF 1.7, a structure
 * tree in reading order, the language of the book and of the municipalities' German texts, the
 * title shown instead of the file name, XMP with the PDF/UA identifier, running heads and page
 * numbers as artifacts; under each municipality a QR code of its live page, on an edition's cover one
 * of its changes (issue 55). Fonts are embedded (DejaVu Serif). Resolves with the PDF's bytes and its
 * number of pages.
 */
export function bookPdf(book: Book, options: BookPdfOptions): Promise<{ pdf: Buffer; pages: number }> {
  const { locale } = options;
  const addressOf = (gkz: string) => municipalityShortAddress(gkz, locale, options.baseUrl);
  const changes = options.edition ? editionAddress(options.edition, locale, options.baseUrl) : null;
  const qrCodes = qrCodesOf([
    ...(changes ? [changes] : []),
    ...[...marketsOf(book)].map(({ municipality }) => addressOf(municipality.gkz)),
  ]);
  const t = translator(locale);
  // German typography: 24.12.2027 (English and French books: 24/12/2027).
  const formatDay = dayFormatter(locale, { weekday: undefined, day: '2-digit', month: '2-digit', year: 'numeric' });
  const title = t('book.title', { title: options.siteTitle, year: book.year });
  const geometry = GEOMETRY[options.format];
  const doc = new PDFDocument({
    size: geometry.size,
    autoFirstPage: false,
    bufferPages: true,
    margin: 0,
    pdfVersion: '1.7',
    tagged: true,
    // @types/pdfkit lists only the PDF/A subsets; pdfkit 0.20 also writes PDF/UA's identifier.
    subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
    lang: LANG_TAGS[locale],
    displayTitle: true,
    // The site's title is a name and stays as configured; the subtitle makes the window title
    // (DisplayDocTitle) and the metadata say in the book's language what the book is.
    info: { Title: `${title} – ${t('book.subtitle')}`, Author: options.providerName, Subject: t('book.subtitle') },
  });
  escapeXmpInfo(doc);
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<{ pdf: Buffer; pages: number }>((resolve, reject) => {
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), pages: set.pages.length }));
    doc.on('error', reject);
  });

  const set = new Typesetter(doc, geometry);
  const root: Tag = { role: 'Document', node: doc.struct('Document') };
  doc.addStructure(root.node);
  cover(
    set,
    root,
    [
      [title, 'bold', 2.6],
      [t('book.subtitle'), 'regular', 1.4],
      [options.providerName, 'regular', 1.2],
      [t('book.asOf', { date: formatDay(book.readAt.slice(0, 10)) }), 'italic', 1],
      ...(typeof options.confirmedMunicipalities === 'number'
        ? [
            [confirmedLine(t, locale, options.confirmedMunicipalities, book.year), 'italic', 1] as [
              string,
              'italic',
              number,
            ],
          ]
        : []),
    ],
    locale,
    (section) => changes && coverCode(set, section, changes, qrCodes.get(changes)!, t, locale),
  );

  const fillContents = reserveContents(set, root, contentsOf(book, t), t('book.contents'), locale);
  const context: ChapterContext = {
    ...{ t, locale, formatDay, year: book.year, pageOf: new Map(), index: [] },
    ...{ addressOf, qrCodes },
  };
  for (const state of book.states) writeState(set, root, state, context);
  context.pageOf.set(INDEX_DESTINATION, writeIndex(set, root, context.index, t('book.index'), locale));
  fillContents(context.pageOf);
  set.finishPages();
  doc.end();
  return done;
}

/**
 * pdfkit 0.20 copies Title, Author and Subject into its XMP as they are, unescaped: a provider named
 * "Markt & Messe" would make the metadata invalid XML, and the book no PDF/UA. pdfkit writes the
 * Info dictionary first, from the values as given; the XMP gets them escaped.
 */
function escapeXmpInfo(doc: PDFKit.PDFDocument): void {
  const endMetadata = doc.endMetadata.bind(doc);
  const xml = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  doc.endMetadata = () => {
    const { info } = doc;
    doc.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? xml(value) : value]),
    );
    endMetadata();
    doc.info = info;
  };
}

/** Issue 22: "Daten für 2027 von 1.234 Gemeinden bestätigt" — the count grouped as the book's language writes it. */
function confirmedLine(t: Translate, locale: Locale, count: number, year: number): string {
  return t('book.confirmed', { count, confirmed: formatCount(locale, count), year });
}

/**
 * The cover: title and subtitle from a third down, publisher and date from three quarters down;
 * `middle` draws between them (an edition's QR code), never above the subtitle's end.
 */
function cover(
  set: Typesetter,
  root: Tag,
  lines: [string, 'bold' | 'regular' | 'italic', number][],
  locale: Locale,
  middle: (section: Tag) => void,
) {
  const section = set.element(root, 'Sect');
  set.newPage({ numbered: false });
  lines.forEach(([text, font, scale], i) => {
    if (i === 0) set.y = set.doc.page.height * 0.3;
    if (i === 2) {
      set.y = Math.max(set.y + set.size, set.doc.page.height * 0.5);
      middle(section);
      set.y = Math.max(set.y + set.size, set.doc.page.height * 0.75);
    }
    set.write(set.element(section, 'P'), text, locale, font, set.size * scale);
    set.y += set.size * 0.6;
  });
  section.node.end();
}

/**
 * Issue 55: mid-cover, the QR code of the edition's page "Änderungen seit Drucklegung" with its
 * address, so that a reader of the paper finds what no longer holds.
 */
function coverCode(set: Typesetter, section: Tag, address: string, image: Buffer, t: Translate, locale: Locale) {
  const side = 60;
  const printed = printedAddress(address);
  set.write(set.element(section, 'P'), t('book.changesSince', { address: printed }), locale, 'regular', set.size);
  const figure = set.element(section, 'Figure', { alt: t('book.qrChanges', { address: printed }) });
  set.figure(figure, image, set.left(), set.y + 4, side);
  set.y += side + 4;
}

function contentsOf(book: Book, t: Translate): ContentsEntry[] {
  return [
    ...book.states.flatMap((state) => [
      { level: 0 as const, name: stateNameOf(state.code, t), destination: `state-${state.code}` },
      ...state.districts.map((district) => ({
        level: 1 as const,
        name: districtNameOf(district.name),
        destination: `district-${district.code}`,
      })),
    ]),
    { level: 0, name: t('book.index'), destination: INDEX_DESTINATION, apart: true },
  ];
}

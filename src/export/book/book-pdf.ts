import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { DirectoryMarket } from '../../lib/directory/directory.ts';
import { dayFormatter } from '../../lib/directory/format.ts';
import { factLine, marketFacts } from '../../lib/directory/market-facts.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { ruleInWords } from '../../lib/directory/rule-words.ts';
import { translator, type Translate } from '../../lib/i18n.ts';
import type { Locale } from '../../lib/languages.ts';
import type { Book } from './book.ts';
import { breakLines, germanQuotes } from './text-layout.ts';

export type PaperFormat = 'a5' | 'a4';

export interface BookPdfOptions {
  locale: Locale;
  format: PaperFormat;
  siteTitle: string;
  providerName: string;
}

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf'),
};
type Font = keyof typeof FONTS;

/** Page geometry in points; A4 sets everything one step larger. */
const GEOMETRY = {
  a5: { size: 'A5', inner: 48, outer: 36, top: 50, bottom: 46, body: 8.5 },
  a4: { size: 'A4', inner: 64, outer: 50, top: 64, bottom: 60, body: 10 },
} as const;

/** What the running heads and the table of contents need to know about a page. */
interface PageInfo {
  head: string;
  numbered: boolean;
}

/**
 * The printed directory book: cover, table of contents (linked, with page numbers, also as PDF
 * bookmarks), states → districts → municipalities → markets with their dates, running heads and
 * page numbers, an index of municipalities. Fonts are embedded (DejaVu Serif); market texts are
 * hyphenated by the German rules. Resolves with the PDF's bytes and its number of pages.
 */
export function bookPdf(book: Book, options: BookPdfOptions): Promise<{ pdf: Buffer; pages: number }> {
  const t = translator(options.locale);
  // German typography: 24.12.2027 (English and French books: 24/12/2027).
  const formatDay = dayFormatter(options.locale, {
    weekday: undefined,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const geometry = GEOMETRY[options.format];
  const doc = new PDFDocument({
    size: geometry.size,
    autoFirstPage: false,
    bufferPages: true,
    margin: 0,
    lang: options.locale === 'de' ? 'de-AT' : options.locale,
    displayTitle: true,
    info: {
      Title: t('book.title', { title: options.siteTitle, year: book.year }),
      Author: options.providerName,
      Subject: t('book.subtitle'),
    },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<{ pdf: Buffer; pages: number }>((resolve, reject) => {
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), pages: pages.length }));
    doc.on('error', reject);
  });

  const size = geometry.body;
  const lineHeight = size * 1.35;
  const pages: PageInfo[] = [];
  let current = -1;
  // Page 1, 3, … (index 0, 2, …) are right-hand pages: the inner margin is on their left.
  const left = () => (current % 2 === 0 ? geometry.inner : geometry.outer);
  const width = () => doc.page.width - geometry.inner - geometry.outer;
  const bottom = () => doc.page.height - geometry.bottom;
  let y = 0;
  let head = '';

  const newPage = (numbered = true) => {
    doc.addPage();
    pages.push({ head, numbered });
    current = pages.length - 1;
    y = geometry.top;
  };
  const measureWith = (font: Font, fontSize: number) => {
    doc.font(font).fontSize(fontSize);
    return (text: string) => doc.widthOfString(text);
  };
  const linesOf = (text: string, font: Font, fontSize: number) =>
    breakLines(text, width(), measureWith(font, fontSize));
  const draw = (line: string, font: Font, fontSize: number, indent = 0, extra: PDFKit.Mixins.TextOptions = {}) => {
    doc
      .font(font)
      .fontSize(fontSize)
      .text(line, left() + indent, y, { lineBreak: false, ...extra });
  };
  /** Room for `height` more points on this page, else a new page. */
  const ensure = (height: number) => {
    if (y + height > bottom()) newPage();
  };

  // Cover.
  newPage(false);
  y = doc.page.height * 0.3;
  for (const line of linesOf(t('book.title', { title: options.siteTitle, year: book.year }), 'bold', size * 2.6)) {
    draw(line, 'bold', size * 2.6);
    y += size * 3.2;
  }
  y += size;
  draw(t('book.subtitle'), 'regular', size * 1.4);
  y = doc.page.height * 0.75;
  draw(options.providerName, 'regular', size * 1.2);
  y += size * 2;
  draw(t('book.asOf', { date: formatDay(book.readAt.slice(0, 10)) }), 'italic', size);

  // The table of contents gets its pages now and its entries at the end, when the page numbers are known.
  const contents = book.states.flatMap((state) => [
    { level: 0, name: stateNameOf(state.code, t), destination: `state-${state.code}` },
    ...state.districts.map((district) => ({
      level: 1,
      name: districtNameOf(district.name),
      destination: `district-${district.code}`,
    })),
  ]);
  const entriesPerPage = Math.floor((doc.page.height - geometry.top - geometry.bottom) / lineHeight) - 3;
  const contentsPages = Math.max(1, Math.ceil(contents.length / entriesPerPage));
  const firstContentsPage = pages.length;
  for (let i = 0; i < contentsPages; i += 1) newPage();
  const pageOf = new Map<string, number>();
  const index: { name: string; postcode: string; page: number }[] = [];

  for (const state of book.states) {
    const stateName = stateNameOf(state.code, t);
    head = stateName;
    newPage();
    pageOf.set(`state-${state.code}`, pages.length);
    doc.addNamedDestination(`state-${state.code}`, 'XYZ', 0, doc.page.height - y, null);
    const stateOutline = doc.outline.addItem(stateName);
    draw(stateName, 'bold', size * 2);
    y += size * 3;
    for (const district of state.districts) {
      const districtName = districtNameOf(district.name);
      ensure(size * 8);
      head = `${stateName} · ${districtName}`;
      pages[pages.length - 1]!.head ||= head;
      pageOf.set(`district-${district.code}`, pages.length);
      doc.addNamedDestination(`district-${district.code}`, 'XYZ', 0, doc.page.height - y, null);
      stateOutline.addItem(districtName);
      draw(t('directory.district', { name: districtName }), 'bold', size * 1.5);
      y += size * 2.3;
      for (const municipality of district.municipalities) {
        ensure(size * 6);
        index.push({ name: municipality.name, postcode: municipality.postcode, page: pages.length });
        draw(`${municipality.postcode} ${municipality.name}`, 'bold', size * 1.2);
        y += size * 1.9;
        for (const market of municipality.markets) {
          const block = marketBlock(market, municipality.name, t, formatDay, book.year);
          const laidOut = block.map((part) => ({ ...part, lines: linesOf(part.text, part.font, size) }));
          const height = laidOut.reduce((sum, part) => sum + part.lines.length * lineHeight, 0) + size;
          // A market stays on one page when it fits on one.
          if (height <= bottom() - geometry.top) ensure(height);
          for (const part of laidOut) {
            for (const line of part.lines) {
              ensure(lineHeight);
              draw(line, part.font, size);
              y += lineHeight;
            }
          }
          y += size;
        }
        y += size * 0.5;
      }
    }
  }

  // Index of municipalities.
  head = t('book.index');
  newPage();
  const indexPage = pages.length;
  doc.outline.addItem(t('book.index'));
  draw(t('book.index'), 'bold', size * 2);
  y += size * 3;
  index.sort((a, b) => a.name.localeCompare(b.name, 'de') || a.postcode.localeCompare(b.postcode));
  for (const entry of index) {
    ensure(lineHeight);
    draw(`${entry.name} (${entry.postcode})`, 'regular', size);
    draw(String(entry.page), 'regular', size, 0, { width: width(), align: 'right' });
    y += lineHeight;
  }

  // Now that every page number is known: the table of contents, running heads and page numbers.
  for (let i = 0; i < contentsPages; i += 1) {
    doc.switchToPage(firstContentsPage + i);
    current = firstContentsPage + i;
    y = geometry.top;
    if (i === 0) {
      doc.outline.addItem(t('book.contents'));
      draw(t('book.contents'), 'bold', size * 2);
      y += size * 3;
    }
    for (const entry of contents.slice(i * entriesPerPage, (i + 1) * entriesPerPage)) {
      const font: Font = entry.level === 0 ? 'bold' : 'regular';
      const indent = entry.level * size * 1.5;
      draw(entry.name, font, size, indent, { goTo: entry.destination });
      draw(String(pageOf.get(entry.destination) ?? ''), font, size, 0, { width: width(), align: 'right' });
      y += lineHeight;
    }
    if (i === contentsPages - 1) {
      y += lineHeight;
      draw(t('book.index'), 'bold', size);
      draw(String(indexPage), 'bold', size, 0, { width: width(), align: 'right' });
    }
  }
  pages.forEach((page, i) => {
    if (!page.numbered) return;
    doc.switchToPage(i);
    current = i;
    const recto = i % 2 === 0;
    const x = left();
    doc.font('italic').fontSize(size * 0.9);
    if (page.head) {
      doc.text(page.head, x, geometry.top / 2, { lineBreak: false, width: width(), align: recto ? 'right' : 'left' });
    }
    doc.font('regular').fontSize(size * 0.9);
    doc.text(String(i + 1), x, doc.page.height - geometry.bottom / 1.6, {
      lineBreak: false,
      width: width(),
      align: recto ? 'right' : 'left',
    });
  });
  doc.end();
  return done;
}

interface BlockPart {
  text: string;
  font: Font;
}

/** A market as the book shows it: title, kind and place, rule, the year's dates, contacts. */
function marketBlock(
  market: DirectoryMarket,
  place: string,
  t: Translate,
  formatDay: (isoDay: string) => string,
  year: number,
): BlockPart[] {
  const { lead, place: lines, facts } = marketFacts(market, t);
  // The municipality is the chapter's heading; it stands in only for a market without a place of its own.
  const where = (lines.length ? lines : [place]).map(germanQuotes).join(', ');
  const times = new Set(market.dates.map((d) => timeOf(d.time_from, d.time_to)));
  const sameTimes = times.size === 1 ? [...times][0] : undefined;
  const dates = market.dates
    .map((d) => {
      const days =
        d.date_end === d.date_start ? formatDay(d.date_start) : `${formatDay(d.date_start)}–${formatDay(d.date_end)}`;
      const time = sameTimes === undefined && d.time_from ? ` ${timeOf(d.time_from, d.time_to)}` : '';
      const status = d.status === 'takes_place' ? '' : ` (${t(`book.status.${d.status}`)})`;
      return `${days}${time}${status}`;
    })
    .join(', ');
  const contacts = [
    market.phone && `${t('book.phone')} ${market.phone}`,
    market.email,
    market.website.replace(/^https?:\/\//, ''),
  ].filter(Boolean);
  return [
    { text: germanQuotes(market.title), font: 'bold' as const },
    { text: `${t(`market.type.${market.type}`)} · ${where}`, font: 'italic' as const },
    ...(lead ? [{ text: germanQuotes(lead), font: 'regular' as const }] : []),
    ...facts.map((fact) => ({ text: germanQuotes(factLine(fact)), font: 'regular' as const })),
    ...(market.rule ? [{ text: capitalized(ruleInWords(market.rule, t)), font: 'regular' as const }] : []),
    {
      text: `${t('directory.datesOf', { year })}${sameTimes ? ` (${sameTimes})` : ''}: ${dates}`,
      font: 'regular' as const,
    },
    ...(contacts.length ? [{ text: contacts.join(' · '), font: 'regular' as const }] : []),
  ];
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function timeOf(from: string | null, to: string | null): string {
  return from ? (to ? `${from}–${to}` : from) : '';
}

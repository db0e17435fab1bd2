import type { DirectoryMarket, DirectoryMunicipality, DirectoryState } from '../../lib/directory/directory.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { printedAddress } from '../../lib/book/addresses.ts';
import type { Locale } from '../../lib/languages.ts';
import type { Translate } from '../../lib/translate.ts';
import type { IndexEntry } from './book-index.ts';
import { LANG_TAGS, type Span, type Tag, type Typesetter } from './book-typesetter.ts';
import { marketBlock, type BlockContext, type BlockPart } from './market-block.ts';

export interface ChapterContext {
  t: Translate;
  locale: Locale;
  formatDay: (isoDay: string) => string;
  year: number;
  /** Filled here: the page (1-based) each named destination stands on. */
  pageOf: Map<string, number>;
  /** Filled here: each municipality with the page it starts on. */
  index: IndexEntry[];
  /** Issue 55: the full address of a municipality's live page (its short one), by its code. */
  addressOf: (gkz: string) => string;
  /** The QR code images, by the address each encodes (qr-codes.ts). */
  qrCodes: ReadonlyMap<string, Buffer>;
}

/**
 * A state's chapter: it opens a page, then its districts, their municipalities and their markets,
 * each a section under its heading (H1 state, H2 district, H3 municipality, H4 market). A
 * district's and a municipality's headings wait for the first market below them and go onto its
 * page, so no heading stands alone at the foot of a page.
 */
export function writeState(set: Typesetter, root: Tag, state: DirectoryState, context: ChapterContext): void {
  const { t, locale, pageOf } = context;
  const { doc, size } = set;
  const stateName = stateNameOf(state.code, t);
  const section = set.element(root, 'Sect');
  set.head = stateName;
  set.newPage({ opening: true });
  mark(set, `state-${state.code}`, pageOf);
  const stateOutline = doc.outline.addItem(stateName);
  set.write(set.element(section, 'H1'), stateName, locale, 'bold', size * 2);
  set.y += size * 0.3;
  const waiting: Kept[] = [];
  for (const district of state.districts) {
    const districtName = districtNameOf(district.name);
    const districtSection = set.element(section, 'Sect');
    const districtHeading = t('directory.district', { name: districtName });
    waiting.push(
      kept(set, set.element(districtSection, 'H2'), districtHeading, locale, 1.5, () => {
        set.head = `${stateName} · ${districtName}`;
        set.pages[set.current]!.head ||= set.head;
        mark(set, `district-${district.code}`, pageOf);
        stateOutline.addItem(districtName);
      }),
    );
    for (const municipality of district.municipalities) {
      const municipalitySection = set.element(districtSection, 'Sect');
      const heading = municipalityHeading(set, municipalitySection, municipality, context);
      waiting.push(heading);
      const blockContext = { ...context, place: municipality.name, stateNumber: Number(municipality.gkz.slice(0, 1)) };
      municipality.markets.forEach((market, n) => {
        // The first market's first lines run beside the heading's QR code.
        const block = layoutMarket(
          set,
          municipalitySection,
          market,
          blockContext,
          n === 0 ? heading.beside : undefined,
        );
        const headings = waiting.reduce((sum, heading) => sum + heading.height, 0);
        // A market stays on one page when it fits on one; else at least its first lines go with the headings.
        const fits = headings + block.height <= set.bottom() - set.geometry.top;
        set.ensure(headings + (fits ? block.height : set.lineHeight * 3));
        for (const heading of waiting.splice(0)) heading.draw();
        block.draw();
        if (n === 0) heading.clear();
      });
      set.y += size * 0.5;
      municipalitySection.node.end();
    }
    districtSection.node.end();
  }
  section.node.end();
}

/** Something laid out and measured, drawn when its place is known. */
interface Kept {
  height: number;
  draw: () => void;
}

/** Room a block's first lines leave free at the right edge: `width` points, for `height` points down. */
interface Beside {
  height: number;
  width: number;
}

/**
 * Issue 55: a municipality's heading (H3, "8230 Hartberg") with the way back to its live page: a
 * line with the short address, and the address's QR code at the right edge (a Figure whose
 * alternative text names the place and the address). The code reaches below the two lines, beside
 * the first market's first lines (`beside`), rather than pushing the market down: a line of print
 * per municipality, 2,095 of them at Austria scale. `clear` keeps anything after that first market
 * from running under the code.
 */
function municipalityHeading(
  set: Typesetter,
  section: Tag,
  { gkz, name, postcode }: DirectoryMunicipality,
  context: ChapterContext,
): Kept & { beside: Beside; clear: () => void } {
  const { size, lineHeight } = set;
  const side = QR_SIDE[set.geometry.size];
  const width = set.width() - side - size;
  const heading = kept(
    set,
    set.element(section, 'H3'),
    `${postcode} ${name}`,
    'de',
    1.2,
    () => context.index.push({ name, postcode, page: set.pages.length }),
    width,
  );
  const address = context.addressOf(gkz);
  const printed = printedAddress(address);
  const line = {
    text: context.t('book.online', { address: printed }),
    lang: context.locale,
    tag: set.element(section, 'P'),
  };
  const lines = set.layout([line], 'italic', size * 0.85, width);
  const figure = set.element(section, 'Figure', {
    alt: context.t('book.qrMunicipality', { place: name, address: printed }),
  });
  const height = heading.height + lines.length * lineHeight * 0.85 + size * 0.3;
  let code = { page: -1, bottom: 0 };
  return {
    height,
    beside: { height: side + size * 0.3 - height, width: side + size },
    draw: () => {
      const top = set.y;
      heading.draw();
      set.drawLines(lines, [line], 'italic', size * 0.85);
      set.figure(figure, context.qrCodes.get(address)!, set.left() + set.width() - side, top, side);
      set.y += size * 0.3;
      code = { page: set.current, bottom: top + side + size * 0.3 };
    },
    clear: () => {
      if (set.current === code.page) set.y = Math.max(set.y, code.bottom);
    },
  };
}

/**
 * A QR code's side in points: 15 mm on A5, 18 mm on A4 (a module of 0.45 mm for an address of 40
 * characters), as small as a phone reads well at arm's length.
 */
const QR_SIDE = { A5: 42, A4: 50 } as const;

/** A heading laid out now; `placed` runs where it is drawn (its destination, its page in the index). */
function kept(
  set: Typesetter,
  tag: Tag,
  text: string,
  lang: Locale,
  scale: number,
  placed: () => void,
  width = set.width(),
): Kept {
  const { size, lineHeight } = set;
  const spans = [{ text, lang, tag }];
  const lines = set.layout(spans, 'bold', size * scale, width);
  return {
    height: lines.length * lineHeight * scale + size * 0.3,
    draw: () => {
      placed();
      set.drawLines(lines, spans, 'bold', size * scale);
      set.y += size * 0.3;
    },
  };
}

/** A heading's named destination, and the page it stands on for the contents. */
function mark(set: Typesetter, destination: string, pageOf: Map<string, number>): void {
  set.doc.addNamedDestination(destination, 'XYZ', 0, set.doc.page.height - set.y, null);
  pageOf.set(destination, set.pages.length);
}

/** A market's block, laid out and measured (with the space after it). */
function layoutMarket(
  set: Typesetter,
  parent: Tag,
  market: DirectoryMarket,
  context: ChapterContext & BlockContext,
  beside: Beside = { height: 0, width: 0 },
): Kept {
  const { size, lineHeight } = set;
  const section = set.element(parent, 'Sect');
  let before = 0; // lines of the parts above
  const laidOut = marketBlock(market, context).map((part) => {
    const spans = spansOf(set, section, part, context.locale);
    const first = before;
    const width = (line: number) => set.width() - ((first + line) * lineHeight < beside.height ? beside.width : 0);
    const lines = set.layout(spans, part.font, size, width);
    before += lines.length;
    return { part, spans, lines };
  });
  return {
    height: laidOut.reduce((sum, { lines }) => sum + lines.length * lineHeight, 0) + size,
    draw: () => {
      for (const { part, spans, lines } of laidOut) set.drawLines(lines, spans, part.font, size);
      set.y += size;
      section.node.end();
    },
  };
}

/**
 * A part's structure: its element (H4 or P), a Span in German for what the municipality wrote in a
 * book of another language (PDF/UA-1, 7.2: a change of language is marked), and for the dates a
 * list whose items run in after the label.
 */
function spansOf(set: Typesetter, section: Tag, part: BlockPart, locale: Locale): Span[] {
  const german = locale !== 'de' ? { lang: LANG_TAGS.de } : {};
  const allEntered = part.runs.every((run) => run.entered);
  const tag = set.element(section, part.role, allEntered ? german : {});
  const spans: Span[] = part.runs.map((run) => ({
    text: run.text,
    lang: run.entered ? 'de' : locale,
    tag: run.entered && !allEntered && locale !== 'de' ? set.element(tag, 'Span', german) : tag,
  }));
  if (part.items?.length) {
    const list = set.element(section, 'L');
    for (const item of part.items) {
      spans.push({ text: item, lang: locale, tag: set.element(set.element(list, 'LI'), 'LBody') });
    }
  }
  return spans;
}

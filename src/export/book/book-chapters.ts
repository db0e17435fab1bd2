import type { DirectoryMarket, DirectoryState } from '../../lib/directory/directory.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
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
      const { name, postcode } = municipality;
      const municipalitySection = set.element(districtSection, 'Sect');
      waiting.push(
        kept(set, set.element(municipalitySection, 'H3'), `${postcode} ${name}`, 'de', 1.2, () =>
          context.index.push({ name, postcode, page: set.pages.length }),
        ),
      );
      const blockContext = { ...context, place: name, stateNumber: Number(municipality.gkz.slice(0, 1)) };
      for (const market of municipality.markets) {
        const block = layoutMarket(set, municipalitySection, market, blockContext);
        const headings = waiting.reduce((sum, heading) => sum + heading.height, 0);
        // A market stays on one page when it fits on one; else at least its first lines go with the headings.
        const fits = headings + block.height <= set.bottom() - set.geometry.top;
        set.ensure(headings + (fits ? block.height : set.lineHeight * 3));
        for (const heading of waiting.splice(0)) heading.draw();
        block.draw();
      }
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

/** A heading laid out now; `placed` runs where it is drawn (its destination, its page in the index). */
function kept(set: Typesetter, tag: Tag, text: string, lang: Locale, scale: number, placed: () => void): Kept {
  const { size, lineHeight } = set;
  const spans = [{ text, lang, tag }];
  const lines = set.layout(spans, 'bold', size * scale);
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
): Kept {
  const { size, lineHeight } = set;
  const section = set.element(parent, 'Sect');
  const laidOut = marketBlock(market, context).map((part) => {
    const spans = spansOf(set, section, part, context.locale);
    return { part, spans, lines: set.layout(spans, part.font, size) };
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

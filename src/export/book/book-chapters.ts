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
 * each a section under its heading (H1 state, H2 district, H3 municipality, H4 market).
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
  for (const district of state.districts) {
    const districtName = districtNameOf(district.name);
    const districtSection = set.element(section, 'Sect');
    set.ensure(size * 8);
    set.head = `${stateName} · ${districtName}`;
    set.pages[set.current]!.head ||= set.head;
    mark(set, `district-${district.code}`, pageOf);
    stateOutline.addItem(districtName);
    const heading = t('directory.district', { name: districtName });
    set.write(set.element(districtSection, 'H2'), heading, locale, 'bold', size * 1.5);
    set.y += size * 0.3;
    for (const municipality of district.municipalities) {
      const municipalitySection = set.element(districtSection, 'Sect');
      set.ensure(size * 6);
      context.index.push({ name: municipality.name, postcode: municipality.postcode, page: set.pages.length });
      const name = `${municipality.postcode} ${municipality.name}`;
      set.write(set.element(municipalitySection, 'H3'), name, 'de', 'bold', size * 1.2);
      set.y += size * 0.3;
      const blockContext = {
        ...context,
        place: municipality.name,
        stateNumber: Number(municipality.gkz.slice(0, 1)),
      };
      for (const market of municipality.markets) writeMarket(set, municipalitySection, market, blockContext);
      set.y += size * 0.5;
      municipalitySection.node.end();
    }
    districtSection.node.end();
  }
  section.node.end();
}

/** A heading's named destination, and the page it stands on for the contents. */
function mark(set: Typesetter, destination: string, pageOf: Map<string, number>): void {
  set.doc.addNamedDestination(destination, 'XYZ', 0, set.doc.page.height - set.y, null);
  pageOf.set(destination, set.pages.length);
}

/** A market's block, kept on one page when it fits on one. */
function writeMarket(set: Typesetter, parent: Tag, market: DirectoryMarket, context: ChapterContext & BlockContext) {
  const { size, lineHeight } = set;
  const section = set.element(parent, 'Sect');
  const laidOut = marketBlock(market, context).map((part) => {
    const spans = spansOf(set, section, part, context.locale);
    return { part, spans, lines: set.layout(spans, part.font, size) };
  });
  const height = laidOut.reduce((sum, { lines }) => sum + lines.length * lineHeight, 0) + size;
  if (height <= set.bottom() - set.geometry.top) set.ensure(height);
  for (const { part, spans, lines } of laidOut) set.drawLines(lines, spans, part.font, size);
  set.y += size;
  section.node.end();
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

import hyphenDe from 'hyphen/de/index.js';
import hyphenEn from 'hyphen/en-gb/index.js';
import hyphenFr from 'hyphen/fr/index.js';
import type { Locale } from '../../lib/languages.ts';

/** What measures a line: the PDF document's widthOfString with the font and size in use. */
export type Measure = (text: string) => number;

/** A stretch of one paragraph with its own language (and, for the PDF, its own structure element). */
export interface Run {
  text: string;
  /** Hyphenation follows the language: market texts are German, labels are in the book's language. */
  lang: Locale;
  /** Words go whole onto the next line and are hyphenated only when wider than the column (names in the index). */
  whole?: boolean;
}

/**
 * A line: the parts of each run on it, in order; a part ends with the space that separates it from
 * the next. `hyphen` marks a word broken at the line's end: the hyphen is drawn, but is not part of
 * the text (a screen reader reads the word whole, PDF/UA).
 */
export type Line = { run: number; text: string; hyphen?: true }[];

const SOFT_HYPHEN = '\u00AD';
/** Spaces a line may break at: any but the no-break ones (French sets one before a colon). */
const BREAKING_SPACE = /[^\S\u00A0\u2007\u202F]+/;
const HYPHENATORS = { de: hyphenDe, en: hyphenEn, fr: hyphenFr };
/** Web and e-mail addresses, and dates: a hyphen would change them (issue 21: `os-|tern?a=1`). */
const ADDRESS = /^(https?:\/\/|www\.)|@|^[\w-]+(\.[\w-]+)+(\/|$)/;
/** Where an address too wide for the column may break, without a hyphen: after these characters. */
const ADDRESS_BREAK = /[/?&=.@_-]/g;

interface Token {
  run: number;
  text: string;
  hyphen?: true;
}

/** A measure for every line, or one per line by its number (issue 55: lines beside a QR code are shorter). */
export type Width = number | ((line: number) => number);

/**
 * Breaks a paragraph of runs into lines of at most `width`, hyphenating long words by the rules of
 * their language. Addresses are never hyphenated. A paragraph does not end on a single word when
 * a slightly narrower measure avoids it (ragged right has room for that). The lines hold no soft
 * hyphens, so text copied from the PDF, and searched in it, is the text as written.
 */
export function breakRuns(runs: readonly Run[], width: Width, measure: Measure): Line[] {
  const widthOf = typeof width === 'number' ? () => width : width;
  let before = 0; // lines of the paragraphs above
  const paragraphs: Token[][] = [[]];
  runs.forEach(({ text }, run) => {
    text.split(/\r?\n/).forEach((part, i) => {
      if (i > 0) paragraphs.push([]);
      for (const word of part.split(BREAKING_SPACE).filter(Boolean)) paragraphs.at(-1)!.push({ run, text: word });
    });
  });
  return paragraphs.flatMap((tokens) => {
    const first = before;
    const lines = fill(tokens, (line) => widthOf(first + line), measure, runs);
    before += lines.length;
    if (lines.length < 2 || lines.at(-1)!.length > 1) return lines.map(piecesOf);
    for (const narrower of [0.96, 0.92, 0.88]) {
      const retry = fill(tokens, (line) => widthOf(first + line) * narrower, measure, runs);
      if (retry.length === lines.length && retry.at(-1)!.length > 1) return retry.map(piecesOf);
    }
    return lines.map(piecesOf);
  });
}

/** One paragraph as plain lines (breakRuns for a text in one language). */
export function breakLines(text: string, width: Width, measure: Measure, lang: Locale = 'de'): string[] {
  return breakRuns([{ text, lang }], width, measure).map((line) =>
    line.map((part) => `${part.text}${part.hyphen ? '-' : ''}`).join(''),
  );
}

const textOf = (tokens: readonly Token[]) => tokens.map((token) => `${token.text}${token.hyphen ? '-' : ''}`).join(' ');

function fill(
  tokens: readonly Token[],
  widthOf: (line: number) => number,
  measure: Measure,
  runs: readonly Run[],
): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  for (const token of tokens) {
    let rest = token.text;
    for (;;) {
      const width = widthOf(lines.length);
      const candidate = [...line, { run: token.run, text: rest }];
      if (measure(textOf(candidate)) <= width) {
        line = candidate;
        break;
      }
      const split = splitToFit(line, rest, width, measure, runs[token.run]!);
      if (split) {
        lines.push([...line, { run: token.run, ...split.head }]);
        line = [];
        rest = split.rest;
      } else if (line.length) {
        lines.push(line);
        line = [];
      } else {
        line = [{ run: token.run, text: rest }]; // one syllable wider than the column overflows rather than being cut anywhere
        break;
      }
    }
  }
  lines.push(line);
  return lines;
}

/** The longest start of `word` that fits the line, with its hyphen (none for an address), and the rest. */
function splitToFit(line: Token[], word: string, width: number, measure: Measure, { lang, whole }: Run) {
  const address = ADDRESS.test(word);
  // An address goes whole onto the next line; only one wider than the column itself is broken.
  if ((address || whole) && line.length) return null;
  const cuts = address
    ? [...word.matchAll(ADDRESS_BREAK)].map((match) => match.index + 1).filter((cut) => cut < word.length)
    : syllableCuts(word, lang);
  const before = textOf(line);
  for (const cut of cuts.reverse()) {
    const head = { text: word.slice(0, cut), ...(address ? {} : { hyphen: true as const }) };
    const shown = `${head.text}${head.hyphen ? '-' : ''}`;
    if (measure(before ? `${before} ${shown}` : shown) <= width) return { head, rest: word.slice(cut) };
  }
  return null;
}

function syllableCuts(word: string, lang: Locale): number[] {
  if (word.length <= 5) return [];
  const pieces = HYPHENATORS[lang].hyphenateSync(word).split(SOFT_HYPHEN);
  const cuts: number[] = [];
  let at = 0;
  for (const piece of pieces.slice(0, -1)) cuts.push((at += piece.length));
  return cuts;
}

/** Tokens of one run on a line become one part; each part but the line's last keeps its separating space. */
function piecesOf(tokens: Token[]): Line {
  const line: Line = [];
  for (const token of tokens) {
    const last = line.at(-1);
    if (last?.run === token.run) {
      last.text = `${last.text} ${token.text}`;
      if (token.hyphen) last.hyphen = true;
    } else {
      if (last) last.text += ' ';
      line.push({ ...token });
    }
  }
  return line;
}

/** German quotation marks for straight ones in what municipalities typed: "Kirtag" → „Kirtag“. */
export function germanQuotes(text: string): string {
  let opening = true;
  return text.replace(/"/g, () => {
    const mark = opening ? '„' : '“';
    opening = !opening;
    return mark;
  });
}

import hyphenDe from 'hyphen/de/index.js';

/** What measures a line: the PDF document's widthOfString with the font and size in use. */
export type Measure = (text: string) => number;

const SOFT_HYPHEN = '\u00AD';

/**
 * Breaks a paragraph into lines of at most `width`, hyphenating long words by the German
 * patterns (market texts are written in German). The lines hold no soft hyphens, so text
 * copied from the PDF, and searched in it, is the text as written.
 */
export function breakLines(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      for (;;) {
        const candidate = line ? `${line} ${word}` : word;
        if (measure(candidate) <= width) {
          line = candidate;
          break;
        }
        const split = hyphenToFit(line, word, width, measure);
        if (split) {
          lines.push(split.line);
          line = '';
          word = split.rest;
        } else if (line) {
          lines.push(line);
          line = '';
        } else {
          line = word; // one syllable wider than the column: it overflows rather than being cut anywhere
          break;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The line ended by the longest start of `word` that fits, with its hyphen, and the rest of the word. */
function hyphenToFit(line: string, word: string, width: number, measure: Measure) {
  const pieces = word.length > 5 ? hyphenDe.hyphenateSync(word).split(SOFT_HYPHEN) : [word];
  for (let cut = pieces.length - 1; cut > 0; cut -= 1) {
    const head = `${pieces.slice(0, cut).join('')}-`;
    const candidate = line ? `${line} ${head}` : head;
    if (measure(candidate) <= width) return { line: candidate, rest: pieces.slice(cut).join('') };
  }
  return null;
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

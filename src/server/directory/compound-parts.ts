/**
 * The last parts of German compounds a visitor searches for on their own. Pagefind finds words by
 * their beginning only, so "markt" would miss "Bauernmarkt" (issue 19); the index gets the parts as
 * extra words. Longest first, so "flohmarkt" is split before "markt".
 */
const PARTS = [
  'flohmarkt',
  'bauernmarkt',
  'wochenmarkt',
  'weihnachtsmarkt',
  'adventmarkt',
  'handwerksmarkt',
  'kirchtag',
  'kirtag',
  'märkte',
  'markt',
  'messe',
  'platz',
  'park',
  'halle',
].sort((a, b) => b.length - a.length);

/** The compound parts of a text that do not start a word: "Bauernmarkt" gives "bauern" and "markt". */
export function compoundParts(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.toLocaleLowerCase('de').split(/[^\p{L}]+/u)) split(word, found);
  return [...found];
}

function split(word: string, found: Set<string>): void {
  for (const part of PARTS) {
    const at = word.lastIndexOf(part);
    // The part must end the word and leave a word of at least three letters before it.
    if (at < 3 || at + part.length !== word.length) continue;
    const head = word.slice(0, at);
    found.add(part);
    found.add(head);
    split(part, found);
    split(head, found);
    return;
  }
}

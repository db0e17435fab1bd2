/**
 * How the directory's names and titles sort, on the web and in the book alike (issue 21): in German
 * order by their first letter or digit, not by the quotation mark or other punctuation they start
 * with, so „Grüner Markt“ stands among the G.
 */
const german = new Intl.Collator('de');

export function sortKeyOf(title: string): string {
  return title.replace(/^[^\p{L}\p{N}]+/u, '');
}

/** A comparator for `sort`; two titles alike but for their punctuation keep a fixed order. */
export function byFirstLetter(a: string, b: string): number {
  return german.compare(sortKeyOf(a), sortKeyOf(b)) || german.compare(a, b);
}

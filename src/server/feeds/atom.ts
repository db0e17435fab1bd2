/** One market in a search's feed of changes. */
export interface AtomEntry {
  /** The market's public page: its address is its id, which stays while the market does. */
  link: string;
  title: string;
  /** The last change of the market or one of its dates (ISO time). */
  updated: string;
  summary: string;
}

export interface AtomFeed {
  title: string;
  /** The feed's own address (its id) and the search page it follows. */
  self: string;
  page: string;
  language: string;
  entries: readonly AtomEntry[];
  /** When the feed is written: its time when nothing was found, or a market has no change on record. */
  madeAt: string;
}

/**
 * A search's changes as an Atom feed (RFC 4287, issue 52): its markets, the last changed first, so
 * that a feed reader shows what is new or changed around a place. Written by hand: eight elements
 * do not earn a library.
 */
export function atomOf(feed: AtomFeed): string {
  const entries = [...feed.entries].sort((a, b) => b.updated.localeCompare(a.updated));
  const updated = entries[0]?.updated || feed.madeAt;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escaped(feed.language)}">`,
    `<title>${escaped(feed.title)}</title>`,
    `<id>${escaped(feed.self)}</id>`,
    `<link rel="self" type="application/atom+xml" href="${escaped(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escaped(feed.page)}"/>`,
    `<updated>${escaped(updated)}</updated>`,
    `<author><name>${escaped(new URL(feed.self).host)}</name></author>`,
    ...entries.map((entry) =>
      [
        '<entry>',
        `<title>${escaped(entry.title)}</title>`,
        `<id>${escaped(entry.link)}</id>`,
        `<link rel="alternate" type="text/html" href="${escaped(entry.link)}"/>`,
        `<updated>${escaped(entry.updated || feed.madeAt)}</updated>`,
        `<summary>${escaped(entry.summary)}</summary>`,
        '</entry>',
      ].join(''),
    ),
    '</feed>',
    '',
  ].join('\n');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text and attribute values; characters XML 1.0 does not allow are left out. */
const escaped = (text: string) =>
  // eslint-disable-next-line no-control-regex -- the control characters XML forbids
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);

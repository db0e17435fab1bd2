import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { atomOf } from './atom.ts';

/** Text with XML's special and forbidden characters among the rest. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'&<>"\'\u0000\u0008\u000b\u001f\ufffe'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
});

describe("a search's Atom feed (issue 52)", () => {
  it('reads back every title and summary as written, whatever they hold, the last changed first', () => {
    // eslint-disable-next-line no-control-regex -- the characters XML forbids, which the feed leaves out
    const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: text, summary: text, updated: fc.date({ noInvalidDate: true }) }), {
          maxLength: 5,
        }),
        text,
        (entries, title) => {
          const written = entries.map((entry, index) => ({
            ...entry,
            updated: entry.updated.toISOString(),
            link: `https://portal.example/verzeichnis/m-${index}?a=1&b="2"`,
          }));
          const text = atomOf({
            title,
            self: 'https://portal.example/api/public/markets.atom?near=8230&km=20',
            page: 'https://portal.example/verzeichnis/suche?ort=8230&km=20',
            language: 'de',
            madeAt: '2026-12-03T12:00:00.000Z',
            entries: written,
          });
          const document = parseDocument(text, { xmlMode: true, decodeEntities: true });
          const read = DomUtils.getElementsByTagName('entry', document).map((entry) => ({
            title: DomUtils.textContent(DomUtils.getElementsByTagName('title', entry)[0]!),
            summary: DomUtils.textContent(DomUtils.getElementsByTagName('summary', entry)[0]!),
            link: DomUtils.getElementsByTagName('link', entry)[0]!.attribs.href,
            updated: DomUtils.textContent(DomUtils.getElementsByTagName('updated', entry)[0]!),
          }));
          const expected = [...written]
            .sort((a, b) => b.updated.localeCompare(a.updated))
            .map((entry) => ({
              title: entry.title.replace(XML_FORBIDDEN, ''),
              summary: entry.summary.replace(XML_FORBIDDEN, ''),
              link: entry.link,
              updated: entry.updated,
            }));
          expect(read).toEqual(expected);
          expect(DomUtils.textContent(DomUtils.getElementsByTagName('title', document)[0]!)).toBe(
            title.replace(XML_FORBIDDEN, ''),
          );
        },
      ),
    );
  });
});

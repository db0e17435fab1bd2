import { describe, expect, it } from 'vitest';
import { breakLines, breakRuns, germanQuotes } from './text-layout.ts';

/** One unit per character: easy to reason about. */
const measure = (text: string) => text.length;

describe('breakLines', () => {
  it('fills lines word by word', () => {
    expect(breakLines('Regionale Produkte und Handwerk', 18, measure)).toEqual(['Regionale Produkte', 'und Handwerk']);
  });

  it('hyphenates a long word by the German rules, without soft hyphens in the lines', () => {
    const lines = breakLines('Der Bauernmarktveranstalter lädt ein', 14, measure);
    expect(lines[0]).toMatch(/^Der Bauern/);
    expect(lines[0]).toMatch(/-$/);
    expect(lines.join('').replace(/-/g, '').replace(/ /g, '')).toBe('DerBauernmarktveranstalterlädtein');
    expect(lines.join('')).not.toContain('\u00AD');
    expect(lines.every((line) => line.length <= 14)).toBe(true);
  });

  it('keeps line breaks the text has', () => {
    expect(breakLines('Erste Zeile\nZweite', 40, measure)).toEqual(['Erste Zeile', 'Zweite']);
  });

  it('gives each line its own measure, counted across the text’s paragraphs (issue 55: beside a QR code)', () => {
    const besideTwoLines = (line: number) => (line < 2 ? 12 : 30);
    expect(
      breakLines('Obst und Gemüse\nBrot und Käse aus der Region und Kürbiskernöl', besideTwoLines, measure),
    ).toEqual(['Obst und Ge-', 'müse', 'Brot und Käse aus der Region', 'und Kürbiskernöl']);
  });
});

describe('germanQuotes', () => {
  it('turns straight quotes into German ones', () => {
    expect(germanQuotes('Der "Kirtag" am "Hauptplatz"')).toBe('Der „Kirtag“ am „Hauptplatz“');
  });
});

describe('breakRuns', () => {
  it('never hyphenates web or e-mail addresses: they move to the next line whole', () => {
    const lines = breakLines('Mehr unter www.ostern.at/ostern?a=1&b=2 oder markt@ostern.at', 30, measure);
    expect(lines).toEqual(['Mehr unter', 'www.ostern.at/ostern?a=1&b=2', 'oder markt@ostern.at']);
  });

  it('breaks an address wider than the column after a slash or a dot, without a hyphen', () => {
    const lines = breakLines('www.ostern.at/ostern?a=1&b=2', 16, measure);
    expect(lines.join('')).toBe('www.ostern.at/ostern?a=1&b=2');
    expect(lines.every((line) => line.length <= 16)).toBe(true);
  });

  it('avoids a single word on the last line when a narrower measure helps', () => {
    const lines = breakLines('Obst Gemüse Brot Käse Honig', 22, measure);
    expect(lines.at(-1)!.split(' ').length).toBeGreaterThan(1);
    expect(lines).toHaveLength(2);
  });

  it('keeps the runs apart, each with the space that follows it', () => {
    const lines = breakRuns(
      [
        { text: 'Termine:', lang: 'en' },
        { text: '01.05.2026,', lang: 'de' },
        { text: '08.05.2026', lang: 'de' },
      ],
      40,
      measure,
    );
    expect(lines).toEqual([
      [
        { run: 0, text: 'Termine: ' },
        { run: 1, text: '01.05.2026, ' },
        { run: 2, text: '08.05.2026' },
      ],
    ]);
  });
});

describe('whole words', () => {
  it('go onto the next line unbroken, as place names in the index do', () => {
    expect(breakRuns([{ text: 'Scheffau am Tennengebirge (5440)', lang: 'de', whole: true }], 20, measure)).toEqual([
      [{ run: 0, text: 'Scheffau am' }],
      [{ run: 0, text: 'Tennengebirge (5440)' }],
    ]);
  });
});

describe('a word broken at the line’s end', () => {
  it('keeps its hyphen apart from its text, so the PDF can draw it as an artifact', () => {
    const [first] = breakRuns([{ text: 'Der Bauernmarktveranstalter', lang: 'de' }], 14, measure);
    expect(first!.at(-1)).toMatchObject({ hyphen: true });
    expect(first!.at(-1)!.text).not.toMatch(/-$/);
  });
});

describe('no-break spaces', () => {
  it('hold their words together', () => {
    // 'Exceptions 2026' fits 16, but the colon is bound to the year by a narrow no-break space.
    expect(breakLines('Exceptions 2026\u202f: 01/05/2026', 16, measure)).toEqual([
      'Exceptions',
      '2026\u202f:',
      '01/05/2026',
    ]);
  });
});

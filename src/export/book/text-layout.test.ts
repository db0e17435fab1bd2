import { describe, expect, it } from 'vitest';
import { breakLines, germanQuotes } from './text-layout.ts';

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
});

describe('germanQuotes', () => {
  it('turns straight quotes into German ones', () => {
    expect(germanQuotes('Der "Kirtag" am "Hauptplatz"')).toBe('Der „Kirtag“ am „Hauptplatz“');
  });
});

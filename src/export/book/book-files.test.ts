import { describe, expect, it } from 'vitest';
import { csvField } from '../../lib/csv.ts';

describe('CSV cells', () => {
  it('neutralise what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("https://evil.example","Klick")')).toBe(
      `"'=HYPERLINK(""https://evil.example"",""Klick"")"`,
    );
    expect(['+1', '-1', '@SUM(A1)', '\tx'].map(csvField)).toEqual(["'+1", "'-1", "'@SUM(A1)", "'\tx"]);
    expect(csvField('\rx')).toBe(`"'\rx"`);
  });

  it('leave ordinary texts as they are and quote separators', () => {
    expect(csvField('Bauernmarkt am Hauptplatz')).toBe('Bauernmarkt am Hauptplatz');
    expect(csvField('Obst; Gemüse')).toBe('"Obst; Gemüse"');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedListPath, embedSnippet, heightOf } from './snippet.ts';

describe('the snippet', () => {
  it('is one line naming the loader, the municipality and the language', () => {
    expect(embedSnippet('https://maerkte.example', '62219', 'en')).toBe(
      '<script src="https://maerkte.example/einbetten.js" data-gkz="62219" data-lang="en" async></script>',
    );
    expect(embedListPath('62219', 'de')).toBe('/einbetten/62219');
    expect(embedListPath('62219', 'fr')).toBe('/fr/einbetten/62219');
  });
});

describe('heightOf', () => {
  it('takes only {type: "marktverzeichnis:height", height: a positive finite number}', () => {
    expect(heightOf({ type: 'marktverzeichnis:height', height: 512.2 })).toBe(513);
    for (const other of [
      null,
      'marktverzeichnis:height',
      { type: 'marktverzeichnis:height' },
      { type: 'marktverzeichnis:height', height: '512' },
      { type: 'marktverzeichnis:height', height: Infinity },
      { type: 'marktverzeichnis:height', height: -1 },
      { type: 'other', height: 512 },
    ])
      expect(heightOf(other)).toBeNull();
  });

  it('never gives anything but a positive whole number or null, whatever is posted', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (type, height) => {
        const found = heightOf({ type, height });
        return found === null || (Number.isInteger(found) && found > 0);
      }),
    );
  });
});

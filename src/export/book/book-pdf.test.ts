import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { DirectoryMarket } from '../../lib/directory/directory.ts';
import { SHOWN_TEXT_FIELDS } from '../../lib/market-fields.ts';
import { readQrCodes } from '../../../tests/setup/read-qr-codes.ts';
import { bookPdf } from './book-pdf.ts';

const market = {
  ...Object.fromEntries(SHOWN_TEXT_FIELDS.map(({ name }) => [name, ''])),
  ...{ id: 'm1', title: 'Kirtag', type: 'kirtag', rule: null, date_start: null, date_end: null, path: '/m' },
  ...{ website: '', phone: '', email: '', image: null, changed_at: '' },
  dates: [
    {
      ...{ id: 'd1', date_start: '2027-08-15', date_end: '2027-08-15', time_from: null, time_to: null },
      ...{ status: 'takes_place', type: 'regular', note: '', replaces_date: null },
    },
  ],
} as DirectoryMarket;
const municipality = { gkz: '62206', name: 'Hartberg', postcode: '8230', website: '', path: '/h', markets: [market] };
const book = {
  year: 2027,
  readAt: '2026-11-23T10:00:00Z',
  states: [
    {
      ...{ code: 6, name: 'Steiermark', path: '/st' },
      districts: [{ code: '622', name: 'Hartberg-Fürstenfeld', path: '/hf', municipalities: [municipality] }],
    },
  ],
};

describe('bookPdf', () => {
  it('writes valid XMP whatever the provider is called', async () => {
    const { pdf } = await bookPdf(book, {
      ...{ locale: 'de', format: 'a5', siteTitle: 'Märkte <Steiermark>', baseUrl: 'https://maerkte.example' },
      providerName: 'Markt & Messe "Graz"',
    });
    const { info, metadata } = await getDocumentProxy(new Uint8Array(pdf)).then((doc) => doc.getMetadata());
    expect(Object.fromEntries(Object.entries(info))).toMatchObject({ Author: 'Markt & Messe "Graz"' });
    expect(metadata.get('pdfuaid:part')).toBe('1');
    expect(metadata.get('dc:creator')).toEqual(['Markt & Messe "Graz"']);
    expect(metadata.get('dc:title')).toBe('Märkte <Steiermark> 2027 – Märkte und Markttermine in Österreich');
  });

  it('says on the cover how many municipalities confirmed the year (issue 22), and nothing without a campaign', async () => {
    const coverText = async (confirmedMunicipalities: number | null, locale: 'de' | 'en' | 'fr' = 'de') => {
      const { pdf } = await bookPdf(book, {
        ...{ locale, format: 'a5', siteTitle: 'Marktverzeichnis', providerName: 'Anbieter' },
        baseUrl: 'https://maerkte.example',
        confirmedMunicipalities,
      });
      const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
      return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    };
    // Thousands grouped as each language writes them (de "1.234", en "1,234", fr "1 234" with a narrow no-break space).
    expect(await coverText(1234)).toContain('Daten für 2027 von 1.234 Gemeinden bestätigt');
    expect(await coverText(1234, 'en')).toContain('1,234');
    // pdf.js reads the narrow no-break space (its own, narrower glyph in DejaVu) back as a space;
    // numbers.test.ts holds the character itself.
    expect(await coverText(1234, 'fr')).toMatch(/par 1[\u0020\u202F]234 communes/);
    expect(await coverText(999)).toContain('von 999 Gemeinden');
    expect(await coverText(1)).toContain('Daten für 2027 von 1 Gemeinde bestätigt');
    expect(await coverText(null)).not.toContain('bestätigt');
  });

  it('leads back to the live directory: a QR code per municipality, and on the cover one to the edition (issue 55)', async () => {
    const options = { locale: 'en', format: 'a5', siteTitle: 'Markets', providerName: 'P' } as const;
    const { pdf } = await bookPdf(book, { ...options, baseUrl: 'https://maerkte.example', edition: '2027-1' });
    expect(await readQrCodes(pdf)).toEqual([
      { page: 1, text: 'https://maerkte.example/en/buch/2027-1' },
      { page: 3, text: 'https://maerkte.example/en/g/62206' },
    ]);
    const text = async (n: number) =>
      (await (await (await getDocumentProxy(new Uint8Array(pdf))).getPage(n)).getTextContent()).items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ');
    expect(await text(1)).toContain('Changes since going to print: maerkte.example/en/buch/2027-1');
    expect(await text(3)).toContain('Online: maerkte.example/en/g/62206');
    // A book that is no printed edition carries no code on its cover.
    const draft = await bookPdf(book, { ...options, baseUrl: 'https://maerkte.example' });
    expect((await readQrCodes(draft.pdf)).map(({ page }) => page)).toEqual([3]);
  });
});

import { describe, expect, it } from 'vitest';
import { importWindow } from './imported-market.ts';
import { nearestType, typeInWords } from './market-kinds.ts';
import { readSource } from './read-source.ts';

const WINDOW = importWindow('2027-06-01');

describe('a spreadsheet as Excel in Austria saves it', () => {
  it('reads Windows-1252 with semicolons, German days and times, and English column names alike', async () => {
    const german = Buffer.from(
      'Titel;Art;Beginn;Ende;Von (Uhrzeit);Bis (Uhrzeit);Veranstaltungsort\r\n' +
        'Großer Kürbismarkt;Bauernmarkt;3.10.2027;;8 Uhr;12.30;Hauptplatz\r\n',
      'latin1',
    );
    const english = 'Title,Type,Start,End\r\n"Pumpkins, apples",Farmers\' market,2027-10-03,2027-10-04\r\n';
    const [fromGerman, fromEnglish] = await Promise.all([
      readSource(german, WINDOW),
      readSource(Buffer.from(english), WINDOW),
    ]);
    expect(fromGerman.markets).toMatchObject([
      {
        row: 2,
        title: 'Großer Kürbismarkt',
        type: 'bauernmarkt',
        event_location: 'Hauptplatz',
        dates: [{ date_start: '2027-10-03', date_end: '2027-10-03', time_from: '08:00', time_to: '12:30' }],
      },
    ]);
    expect(fromEnglish.markets).toMatchObject([
      { title: 'Pumpkins, apples', type: 'bauernmarkt', dates: [{ date_start: '2027-10-03', date_end: '2027-10-04' }] },
    ]);
  });
});

describe('the type of a market in words', () => {
  it.each([
    ['Adventmarkt am Hauptplatz', 'weihnachtsmarkt'],
    ['Christkindlmarkt', 'weihnachtsmarkt'],
    ['Weihnachts-Kunsthandwerksmarkt', 'weihnachtsmarkt'],
    ['Kirchtag in St. Johann', 'kirtag'],
    ['Flohmarkt der Feuerwehr', 'gelegenheitsmarkt'],
    ['Grünmarkt', 'wochenmarkt'],
    ['Töpfermarkt', 'handwerksmarkt'],
    ['Marché de Noël', 'weihnachtsmarkt'],
  ])('%s is a %s', (title, type) => {
    expect(typeInWords(title)).toBe(type);
  });

  it('finds no market in a concert or a council meeting', () => {
    expect(typeInWords('Frühjahrskonzert der Stadtkapelle')).toBeNull();
    expect(typeInWords('Musik', 'Gemeinderatssitzung')).toBeNull();
  });

  it('offers the nearest known type for one it does not know', () => {
    expect(nearestType('Kirchtg')).toBe('kirtag');
    expect(nearestType('Weihnachtmarkt')).toBe('weihnachtsmarkt');
    expect(nearestType('animal markt')).toBe('tiermarkt');
  });
});

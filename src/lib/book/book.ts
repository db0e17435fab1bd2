import type {
  Directory,
  DirectoryDate,
  DirectoryDistrict,
  DirectoryMarket,
  DirectoryMunicipality,
  DirectoryState,
} from '../directory/directory.ts';
import { byFirstLetter } from '../directory/collation.ts';

/** The directory of one year, as the printed book and its CSV and JSON carry it. */
export interface Book {
  year: number;
  readAt: string;
  states: DirectoryState[];
}

/**
 * The directory reduced to one year: only that year's dates, and only the markets, places and
 * states that keep some. A municipality's markets sort by the first letter of their titles, not by
 * an opening quotation mark (issue 21: „Grüner Markt“ among the G).
 */
export function bookOf(directory: Directory, year: number): Book {
  const inYear = (date: DirectoryDate) => date.date_start <= `${year}-12-31` && date.date_end >= `${year}-01-01`;
  const market = (m: DirectoryMarket): DirectoryMarket[] => {
    const dates = m.dates.filter(inYear);
    return dates.length ? [{ ...m, dates }] : [];
  };
  const municipality = (m: DirectoryMunicipality): DirectoryMunicipality[] => {
    const markets = m.markets.flatMap(market).sort((a, b) => byFirstLetter(a.title, b.title));
    return markets.length ? [{ ...m, markets }] : [];
  };
  const district = (d: DirectoryDistrict): DirectoryDistrict[] => {
    const municipalities = d.municipalities.flatMap(municipality);
    return municipalities.length ? [{ ...d, municipalities }] : [];
  };
  const states = directory.states.flatMap((s): DirectoryState[] => {
    const districts = s.districts.flatMap(district);
    return districts.length ? [{ ...s, districts }] : [];
  });
  return { year, readAt: directory.readAt, states };
}

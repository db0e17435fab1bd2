import type { LonLat } from '../geo/centres.ts';
import { plainText } from './plain-text.ts';

/** A municipality as the search knows it: by its code, its name or any of its postcodes. */
export interface Place {
  gkz: string;
  name: string;
  /** The municipal office's first, then the others (gemliste_knz.csv). */
  postcodes: readonly string[];
  /** Its outline's centre; null for a municipality newer than the outlines (a merger). */
  centre: LonLat | null;
  /** Statistik Austria's: SR Statutarstadt, ST Stadtgemeinde, M Marktgemeinde, '' any other. */
  status: string;
}

/** What a visitor's `ort` names: one municipality, several to choose from, or none. */
export type PlaceFound =
  { kind: 'one'; place: Place } | { kind: 'several'; places: readonly Place[] } | { kind: 'none' };

/** At most this many municipalities are offered for a name that fits several. */
const MOST_CHOICES = 12;

export interface Places {
  byGkz: ReadonlyMap<string, Place>;
  /** The municipality a gkz, a postcode or a name stands for (issue 52: `ort`). */
  find(asked: string): PlaceFound;
}

/**
 * The municipalities on file, found by code, postcode or name. A postcode stands for the
 * municipality whose office has it, else for one that lists it among its others; of several
 * (8230 is the office's of Greinbach, Hartberg and Hartberg Umgebung) the town the post office
 * is named after is meant: a city first, then a market town, then the lowest code. A name is
 * read without case and accents; one that fits several exactly (Mühldorf is in two states), or
 * begins several names and fits none exactly, offers them to choose from.
 */
export function placesOf(list: readonly Place[]): Places {
  const byGkz = new Map(list.map((place) => [place.gkz, place]));
  const ordered = [...list].sort((a, b) => townRank(a) - townRank(b) || a.gkz.localeCompare(b.gkz));
  const byOfficePostcode = new Map<string, Place>();
  const byOtherPostcode = new Map<string, Place>();
  for (const place of ordered) {
    const [office, ...others] = place.postcodes;
    if (office !== undefined && !byOfficePostcode.has(office)) byOfficePostcode.set(office, place);
    for (const postcode of others) if (!byOtherPostcode.has(postcode)) byOtherPostcode.set(postcode, place);
  }
  const names = [...list]
    .sort((a, b) => a.gkz.localeCompare(b.gkz))
    .map((place) => ({ place, name: plainText(place.name) }));
  const one = (place: Place | undefined): PlaceFound => (place ? { kind: 'one', place } : { kind: 'none' });
  return {
    byGkz,
    find(asked) {
      const text = asked.trim();
      if (/^\d{5}$/.test(text)) return one(byGkz.get(text));
      if (/^\d{4}$/.test(text)) return one(byOfficePostcode.get(text) ?? byOtherPostcode.get(text));
      const name = plainText(text);
      if (name === '') return { kind: 'none' };
      const exact = names.filter((entry) => entry.name === name);
      const fitting = exact.length > 0 ? exact : names.filter((entry) => entry.name.startsWith(name));
      if (fitting.length === 1) return { kind: 'one', place: fitting[0]!.place };
      if (fitting.length === 0) return { kind: 'none' };
      return { kind: 'several', places: fitting.slice(0, MOST_CHOICES).map((entry) => entry.place) };
    },
  };
}

const TOWNS = ['SR', 'ST', 'M'];
const townRank = (place: Place) => (TOWNS.includes(place.status) ? TOWNS.indexOf(place.status) : TOWNS.length);

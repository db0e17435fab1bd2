import { readFileSync } from 'node:fs';
import type { Topology } from 'topojson-specification';
import { placesOf, type Places } from '../../lib/directory/places.ts';
import { centresOf, type LonLat } from '../../lib/geo/centres.ts';
import type { MunicipalityOnFile } from '../db/queries/places.ts';

const SHAPES = new URL('../../lib/geo/shapes/gemeinden_999_topo.json', import.meta.url);

let centres: ReadonlyMap<string, LonLat> | undefined;

/** Each municipality's centre, worked out from the outlines once per process (about 60 ms). */
function municipalityCentres(): ReadonlyMap<string, LonLat> {
  centres ??= centresOf(JSON.parse(readFileSync(SHAPES, 'utf8')) as Topology);
  return centres;
}

let last: { key: string; places: Places } | undefined;

/**
 * The municipalities on file as the search finds them, each at its outline's centre (issue 52).
 * Made again only when the list changed (an import): 7 ms at each publish otherwise.
 */
export function placesOnFile(onFile: readonly MunicipalityOnFile[]): Places {
  const key = onFile
    .map(
      ({ gkz, name, status, postcode, other_postcodes }) =>
        `${gkz};${name};${status};${postcode};${other_postcodes.join()}`,
    )
    .join('\n');
  if (last?.key === key) return last.places;
  const centreOf = municipalityCentres();
  const places = placesOf(
    onFile.map(({ gkz, name, status, postcode, other_postcodes }) => ({
      gkz,
      name,
      status,
      postcodes: [postcode, ...other_postcodes.filter((other) => other !== postcode)],
      centre: centreOf.get(gkz) ?? null,
    })),
  );
  last = { key, places };
  return places;
}

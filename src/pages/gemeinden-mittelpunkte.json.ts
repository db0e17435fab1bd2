import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRoute } from 'astro';
import type { Topology } from 'topojson-specification';
import { centresOf } from '../lib/geo/centres.ts';

/**
 * Every municipality's centre, `[[gkz, longitude, latitude], …]` to three decimals (about 100 m),
 * made at build time: "In meiner Nähe" finds the nearest municipality in the visitor's browser, so
 * only its code leaves the device (issue 52, public/js/near-me.js). About 45 KB, fetched on a click.
 */
export const GET: APIRoute = () => {
  const shapes = path.join(process.cwd(), 'src/lib/geo/shapes/gemeinden_999_topo.json');
  const centres = centresOf(JSON.parse(readFileSync(shapes, 'utf8')) as Topology);
  // Vienna is one municipality, 90001, but each of its districts' centres stands for it: a point in
  // Liesing is nearer to Brunn am Gebirge than to Vienna's one centre.
  const rows = [...centres]
    .filter(([gkz]) => gkz !== '90001')
    .map(([gkz, [lon, lat]]) => [
      gkz.startsWith('9') ? '90001' : gkz,
      Math.round(lon * 1000) / 1000,
      Math.round(lat * 1000) / 1000,
    ]);
  return new Response(JSON.stringify(rows), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};

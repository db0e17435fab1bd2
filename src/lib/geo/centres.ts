import { geoCentroid } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** A point as longitude and latitude (WGS 84), in degrees. */
export type LonLat = readonly [number, number];

/** The outlines' geometries carry the gkz and the name (shapes/README.md). */
interface ShapeProperties {
  iso: string;
  name: string;
}

/**
 * Each municipality's centre, by gkz: the centroid of its outline on the sphere (d3-geo), to five
 * decimals (about a metre). The outlines are simplified, which moves a centre by metres: the
 * search's distances are from centre to centre, in whole kilometres (issue 52).
 */
export function centresOf(topology: Topology, object = 'gemeinden'): Map<string, LonLat> {
  const collection = topology.objects[object] as GeometryCollection<ShapeProperties>;
  const centres = new Map<string, LonLat>();
  for (const shape of feature(topology, collection).features) {
    const [lon, lat] = geoCentroid(shape);
    centres.set(shape.properties.iso, [round(lon), round(lat)]);
  }
  return centres;
}

const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance between two points, in km (haversine; a sphere is close enough here). */
export function distanceKm([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

import { geoCircle, geoConicConformal, geoPath, type GeoProjection } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import districtsTopology from './shapes/bezirke_999_topo.json' with { type: 'json' };
import municipalitiesTopology from './shapes/gemeinden_999_topo.json' with { type: 'json' };
import statesTopology from './shapes/laender_999_topo.json' with { type: 'json' };
import type { LonLat } from './centres.ts';

/** The outlines' geometries carry the code (gkz, district or state) and the name (shapes/README.md). */
interface ShapeProperties {
  iso: string;
  name: string;
}
type Shape = Feature<Geometry, ShapeProperties>;

/** What a map shows: Austria's states, a state's districts, a district's municipalities, or points. */
export type MapView =
  | { kind: 'austria' }
  | { kind: 'state'; code: number }
  | { kind: 'district'; code: string }
  /** The points (and the circle of a search's radius) on the state and district borders around them. */
  | { kind: 'around'; points: readonly LonLat[]; circle?: { centre: LonLat; km: number } | undefined };

/** A map drawn in SVG coordinates, `width` × `height`, in whole units (a unit is at most a CSS pixel: finer would only weigh more). */
export interface DrawnMap {
  width: number;
  height: number;
  /** The view's areas (states, districts, municipalities), each by its code. */
  areas: readonly { code: string; d: string }[];
  /** The lines around (state and district borders) of a map of points. */
  borders: { states: string; districts: string } | null;
  circle: string | null;
  /** Where a point is on the map. */
  at(point: LonLat): readonly [number, number];
}

const WIDTH = 640;
const MOST_HEIGHT = 480;
/**
 * A map of points is drawn smaller, so that its points, which are links, are drawn large enough
 * to be hit by a finger on a phone (WCAG 2.5.8) without the map taking the screen.
 */
const POINTS_WIDTH = 400;
const POINTS_MOST_HEIGHT = 400;
const PADDING = 8;
/** The narrowest a map around a place shows: about 20 km across, so that a small circle has its region. */
const LEAST_SPAN_DEGREES = 0.15;
/** A degree of a great circle; d3-geo's circle takes its radius in degrees. */
const KM_PER_DEGREE = 111.195;

const shapesOf = (topology: unknown, object: string): Shape[] => {
  const typed = topology as Topology;
  return feature(typed, typed.objects[object] as GeometryCollection<ShapeProperties>).features;
};
const states = shapesOf(statesTopology, 'laender');
const districts = shapesOf(districtsTopology, 'bezirke');
let municipalities: Shape[] | undefined;
let borders: { states: MultiLineString; districts: MultiLineString } | undefined;

/**
 * Austria's official Lambert projection (EPSG:31287's parallels and meridian), so the country
 * looks as on its own maps; fitted to what is shown and moved to the top left corner.
 */
function projectionFor(
  shown: Feature | FeatureCollection,
  width: number,
  mostHeight: number,
): { projection: GeoProjection; height: number } {
  const projection = geoConicConformal()
    .parallels([46, 49])
    .rotate([-13 - 1 / 3, 0])
    .fitExtent(
      [
        [PADDING, PADDING],
        [width - PADDING, mostHeight - PADDING],
      ],
      shown,
    );
  const [[, top], [, bottom]] = geoPath(projection).bounds(shown);
  const [x, y] = projection.translate();
  projection.translate([x, y - top + PADDING]);
  return { projection, height: Math.ceil(bottom - top + 2 * PADDING) };
}

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

function drawn(
  shown: Shape[],
  fitted: Feature | FeatureCollection = collection(shown),
  [width, mostHeight] = [WIDTH, MOST_HEIGHT],
): DrawnMap & { projection: GeoProjection } {
  const { projection, height } = projectionFor(fitted, width, mostHeight);
  const path = geoPath(projection).digits(0);
  return {
    width,
    height,
    areas: shown.map((shape) => ({ code: shape.properties.iso, d: path(shape) ?? '' })),
    borders: null,
    circle: null,
    projection,
    at: (point) => {
      const [x, y] = projection(point as [number, number]) ?? [0, 0];
      return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
    },
  };
}

const drawnViews = new Map<string, DrawnMap>();

/**
 * A map of the view. The outlines do not change while the process runs, so a map of Austria, a
 * state or a district is drawn once; a map of points is drawn for its points (about 2 ms).
 */
export function drawMap(view: MapView): DrawnMap {
  if (view.kind === 'around') return drawAround(view.points, view.circle);
  const key = `${view.kind}:${view.kind === 'austria' ? '' : view.code}`;
  let map = drawnViews.get(key);
  if (!map) {
    map =
      view.kind === 'austria' ? drawn(states) : view.kind === 'state' ? stateMap(view.code) : districtMap(view.code);
    drawnViews.set(key, map);
  }
  return map;
}

/** Vienna is one district of the directory (900); the outlines also have its 23 Bezirke (901–923). */
const stateMap = (code: number) =>
  drawn(districts.filter(({ properties: { iso } }) => iso[0] === String(code) && (code !== 9 || iso === '900')));

/** Vienna is one municipality (90001); the outlines also have its 23 Bezirke (90101–92301). */
function districtMap(code: string): DrawnMap {
  municipalities ??= shapesOf(municipalitiesTopology, 'gemeinden');
  const shown = municipalities.filter(({ properties: { iso } }) =>
    code === '900' ? iso === '90001' : iso.startsWith(code),
  );
  return drawn(shown);
}

function drawAround(points: readonly LonLat[], circle: { centre: LonLat; km: number } | undefined): DrawnMap {
  const around =
    circle &&
    geoCircle()
      .center(circle.centre as [number, number])
      .radius(circle.km / KM_PER_DEGREE)();
  // Around a place, its circle and the points; else all Austria, where the points may lie anywhere.
  const fitted = around ? boxAround([...points, circle.centre], around) : collection(states);
  const map = drawn([], fitted, [POINTS_WIDTH, POINTS_MOST_HEIGHT]);
  borders ??= {
    states: mesh(statesTopology as unknown as Topology),
    districts: mesh(districtsTopology as unknown as Topology),
  };
  // Only what is in the picture; the districts of all Austria would weigh 20 KB, their lines too close to read.
  const path = geoPath(
    map.projection.clipExtent([
      [0, 0],
      [map.width, map.height],
    ]),
  ).digits(0);
  return {
    ...map,
    borders: { states: path(borders.states) ?? '', districts: around ? (path(borders.districts) ?? '') : '' },
    circle: around ? (path(around) ?? null) : null,
  };
}

/** The points, and the circle, with at least LEAST_SPAN_DEGREES around their middle. */
function boxAround(points: readonly LonLat[], around: Geometry | undefined): FeatureCollection {
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const [lon, lat] = [(west + east) / 2, (south + north) / 2];
  const halfLon = Math.max(east - west, LEAST_SPAN_DEGREES) / 2;
  const halfLat = Math.max(north - south, LEAST_SPAN_DEGREES) / 2;
  const corners: Geometry = {
    type: 'MultiPoint',
    coordinates: [
      [lon - halfLon, lat - halfLat],
      [lon + halfLon, lat + halfLat],
    ],
  };
  const shown = around ? [corners, around] : [corners];
  return collection(shown.map((geometry) => ({ type: 'Feature', properties: {}, geometry })));
}

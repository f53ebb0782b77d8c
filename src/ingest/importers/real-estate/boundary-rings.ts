import simplify from '@turf/simplify';
import { roundTo } from '../../../kernel/numbers.ts';
import type { Rings } from '../../../domains/real-estate/geometry.ts';

/**
 * Douglas–Peucker tolerance in degrees (about 50 m at Japan's latitudes): a ward's outline keeps
 * its shape on a city map while a `geojson` answer stays a few hundred points per ward.
 */
export const SIMPLIFY_TOLERANCE_DEGREES = 0.0005;

/** Positions are kept to 5 decimals (about 1 m), finer than the simplification. */
const DECIMALS = 5;

/** The planar area of a ring (shoelace, in square degrees): enough to tell a mainland from its islets. */
function ringArea(ring: readonly number[][]): number {
  let twice = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const [x2 = 0, y2 = 0] = ring[i + 1] ?? [];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/**
 * The stored outline of a municipality published as several polygons (a mainland and islets, or
 * pieces split by other units): the polygon with the largest outer ring, simplified, its
 * positions rounded. The store holds one polygon per ward; the smaller pieces are dropped.
 */
export function wardOutline(polygons: readonly Rings[]): Rings {
  const largest = polygons.reduce<Rings | undefined>(
    (best, polygon) => (best === undefined || ringArea(polygon[0] ?? []) > ringArea(best[0] ?? []) ? polygon : best),
    undefined,
  );
  if (largest === undefined) return [];
  const simplified = simplify({ type: 'Polygon', coordinates: largest }, { tolerance: SIMPLIFY_TOLERANCE_DEGREES, highQuality: true });
  return simplified.coordinates.map((ring) => ring.map((position) => position.map((value) => roundTo(value, DECIMALS))));
}

/** A polygon's rings of [lon, lat] positions, as stored and served. */
export type Rings = number[][][];

export type BBox = [number, number, number, number];

export function parseRings(geometry: string): Rings {
  return JSON.parse(geometry) as Rings;
}

/** [minLon, minLat, maxLon, maxLat] over every position of the polygons; null without any. */
export function boundingBox(polygons: readonly Rings[]): BBox | null {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const rings of polygons) {
    for (const ring of rings) {
      for (const [lon, lat] of ring) {
        if (lon === undefined || lat === undefined) continue;
        minLon = Math.min(minLon, lon);
        minLat = Math.min(minLat, lat);
        maxLon = Math.max(maxLon, lon);
        maxLat = Math.max(maxLat, lat);
      }
    }
  }
  return minLon === Infinity ? null : [minLon, minLat, maxLon, maxLat];
}

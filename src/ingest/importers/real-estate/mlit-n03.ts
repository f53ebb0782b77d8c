import { ImportError, type Importer } from '../../source.ts';
import { storedFacts } from '../../../facts/names.ts';
import { noteFacts } from '../../../store/release-facts.ts';

import type { Rings } from '../../../domains/real-estate/geometry.ts';
import { municipalityWards, type MunicipalityRef } from './jp-municipalities.ts';
import { wardOutline } from './boundary-rings.ts';
import { Type } from 'typebox';
import { readJsonDocument } from '../../publisher-document.ts';

export interface MunicipalityBoundary {
  place: MunicipalityRef;
  /** The stored outline (boundary-rings.ts). */
  rings: Rings;
}

function isPosition(value: unknown): boolean {
  return Array.isArray(value) && value.length >= 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n));
}

function isPolygon(value: unknown): value is Rings {
  return Array.isArray(value) && value.length > 0 && value.every((ring) => Array.isArray(ring) && ring.length >= 4 && ring.every(isPosition));
}

/** A feature's polygons: its Polygon, or each polygon of its MultiPolygon. */
export function polygonsOf(geometry: unknown, where: string): Rings[] {
  const { type, coordinates } = (geometry ?? {}) as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon' && isPolygon(coordinates)) return [coordinates];
  if (type === 'MultiPolygon' && Array.isArray(coordinates) && coordinates.length > 0 && coordinates.every(isPolygon)) return coordinates as Rings[];
  throw new ImportError(`${where}: geometry must be a Polygon or MultiPolygon of [lon, lat] rings (got type ${JSON.stringify(type)})`);
}

/** A property that must be present: text, or null where N03 leaves it empty. */
function textOrNull(properties: Record<string, unknown>, name: string, where: string): string | null {
  if (!(name in properties)) throw new ImportError(`${where}: no ${name} property`);
  const value = properties[name];
  if (value === null) return null;
  if (typeof value !== 'string') throw new ImportError(`${where}: ${name} must be text or null (got ${JSON.stringify(value)})`);
  return value.trim() === '' ? null : value.trim();
}

/**
 * MLIT's National Land Numerical Information administrative areas (国土数値情報 行政区域, N03),
 * the GeoJSON of one prefecture's download (`N03-20240101_13.geojson`): a FeatureCollection,
 * one feature per polygon, with `N03_001` the prefecture, `N03_003` the county or designated
 * city, `N03_004` the municipality (or the designated city's ward) and `N03_007` its 5-digit
 * local-government code (null for land no municipality holds, which is skipped). The polygons of
 * a code are one municipality.
 */
/** A GeoJSON FeatureCollection; its features are read one by one below. */
const FeatureCollectionSchema = Type.Object({ type: Type.Literal('FeatureCollection'), features: Type.Array(Type.Unknown()) });

export function municipalityBoundaries(content: string, fileName: string): MunicipalityBoundary[] {
  const { features } = readJsonDocument(FeatureCollectionSchema, content, fileName);
  const byCode = new Map<string, { place: MunicipalityRef; polygons: Rings[] }>();
  features.forEach((feature: unknown, i) => {
    const where = `${fileName}: features[${i}]`;
    const properties = (feature as { properties?: unknown } | null)?.properties;
    if (typeof properties !== 'object' || properties === null) throw new ImportError(`${where}: no properties`);
    const props = properties as Record<string, unknown>;
    const code = textOrNull(props, 'N03_007', where);
    const prefecture = textOrNull(props, 'N03_001', where);
    const county = textOrNull(props, 'N03_003', where);
    const municipality = textOrNull(props, 'N03_004', where);
    const polygons = polygonsOf((feature as { geometry?: unknown }).geometry, where);
    if (code === null) return;
    if (!/^\d{5}$/.test(code) || Number(code.slice(0, 2)) < 1 || Number(code.slice(0, 2)) > 47)
      throw new ImportError(`${where}: N03_007 "${code}" is not a local-government code`);
    const name = municipality ?? county;
    if (prefecture === null || name === null) throw new ImportError(`${where}: N03_001 and N03_004 must name the place of code ${code}`);
    const entry = byCode.get(code) ?? { place: { code, prefecture, municipality: name }, polygons: [] };
    entry.polygons.push(...polygons);
    byCode.set(code, entry);
  });
  if (byCode.size === 0) throw new ImportError(`${fileName}: features[0]: no feature has a municipality code (N03_007)`);
  return [...byCode.values()].map(({ place, polygons }) => ({ place, rings: wardOutline(polygons) }));
}

/**
 * Each municipality's outline → its ward's `geometry` (the ward of its code, created with the
 * file's names when the store lacks it).
 */
export const mlitN03Importer: Importer<MunicipalityBoundary[]> = {
  dataset: 'real-estate-mlit-n03',
  datasets: ['real-estate'],
  description: "Japan's municipality boundaries from MLIT's National Land Numerical Information administrative areas (N03 GeoJSON), simplified",
  source: 'MLIT National Land Numerical Information (N03)',
  parse: municipalityBoundaries,
  async load(db, parsed, release) {
    const wards = await municipalityWards(
      db,
      parsed.map((b) => b.place),
      release.source,
    );
    for (const { place, rings } of parsed) {
      const wardId = wards.get(place.code);
      if (wardId === undefined) throw new Error(`no ward was found or created for municipality ${place.code}`);
      await db
        .updateTable('re_ward')
        .set({ geometry: JSON.stringify(rings) })
        .where('id', '=', wardId)
        .execute();
    }
    noteFacts(db, [{ fact: storedFacts.wardBoundary('jp'), rows: parsed.length }, { fact: storedFacts.provinceBoundary('jp') }]);
    return parsed.length;
  },
};

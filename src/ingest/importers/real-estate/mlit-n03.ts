import { ImportError, type Importer } from '../../source.ts';
import { storedFacts } from '../../../facts/names.ts';
import { noteFacts } from '../../../store/release-facts.ts';

import type { Rings } from '../../../domains/real-estate/geometry.ts';
import { municipalityWards, type MunicipalityRef } from './jp-municipalities.ts';
import { wardOutline } from './boundary-rings.ts';
import { Type } from 'typebox';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';

export interface MunicipalityBoundary {
  place: MunicipalityRef;
  /** The stored outline (boundary-rings.ts). */
  rings: Rings;
}

/** A position: [lon, lat], any further numbers (an altitude) ignored. */
const PositionSchema = Type.Array(Type.Number(), { minItems: 2 });
/** A polygon: its outer ring, then its holes, each of at least the four positions a closed ring has. */
const PolygonCoordinatesSchema = Type.Array(Type.Array(PositionSchema, { minItems: 4 }), { minItems: 1 });
const GeometryTypeSchema = Type.Object({ geometry: Type.Object({ type: Type.Union([Type.Literal('Polygon'), Type.Literal('MultiPolygon')]) }) });
const PolygonFeatureSchema = Type.Object({ geometry: Type.Object({ type: Type.Literal('Polygon'), coordinates: PolygonCoordinatesSchema }) });
const MultiPolygonFeatureSchema = Type.Object({
  geometry: Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(PolygonCoordinatesSchema, { minItems: 1 }) }),
});

/**
 * A feature's polygons: its Polygon, or each polygon of its MultiPolygon. The geometry's type is
 * checked first, so that a wrong nesting of coordinates is named against the type the feature gives.
 */
export function polygonsOf(feature: object, where: string): Rings[] {
  if (checkDocument(GeometryTypeSchema, feature, where).geometry.type === 'Polygon')
    return [checkDocument(PolygonFeatureSchema, feature, where).geometry.coordinates];
  return checkDocument(MultiPolygonFeatureSchema, feature, where).geometry.coordinates;
}

/** A name N03 may leave empty: null, or text that is blank. */
const nameOrNull = (value: string | null): string | null => (value === null || value.trim() === '' ? null : value.trim());

/** N03's properties the hub reads: each present, text or null where N03 leaves it empty. */
const N03PropertiesSchema = Type.Object({
  N03_001: Type.Union([Type.String(), Type.Null()]),
  N03_003: Type.Union([Type.String(), Type.Null()]),
  N03_004: Type.Union([Type.String(), Type.Null()]),
  N03_007: Type.Union([Type.String(), Type.Null()]),
});
const N03FeatureSchema = Type.Object({ properties: N03PropertiesSchema });

/** A GeoJSON FeatureCollection; each feature is checked on its own, so that a refusal names it as the other messages do. */
const FeatureCollectionSchema = Type.Object({ type: Type.Literal('FeatureCollection'), features: Type.Array(Type.Object({})) });

/**
 * MLIT's National Land Numerical Information administrative areas (国土数値情報 行政区域, N03),
 * the GeoJSON of one prefecture's download (`N03-20240101_13.geojson`): a FeatureCollection,
 * one feature per polygon, with `N03_001` the prefecture, `N03_003` the county or designated
 * city, `N03_004` the municipality (or the designated city's ward) and `N03_007` its 5-digit
 * local-government code (null for land no municipality holds, which is skipped). The polygons of
 * a code are one municipality.
 */
export function municipalityBoundaries(content: string, fileName: string): MunicipalityBoundary[] {
  const { features } = readJsonDocument(FeatureCollectionSchema, content, fileName);
  const byCode = new Map<string, { place: MunicipalityRef; polygons: Rings[] }>();
  features.forEach((feature, i) => {
    const where = `${fileName}: features[${i}]`;
    const { properties } = checkDocument(N03FeatureSchema, feature, where);
    const code = nameOrNull(properties.N03_007);
    const prefecture = nameOrNull(properties.N03_001);
    const county = nameOrNull(properties.N03_003);
    const municipality = nameOrNull(properties.N03_004);
    const polygons = polygonsOf(feature, where);
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

/**
 * The operator's geography file (docs/data-sources.md, "Loading licensed data"): a GeoJSON
 * FeatureCollection of provinces and wards. Each feature's properties: `country` (`jp`, `vn`),
 * `level` (`province` or `ward`), `code` (a province's code, `HN`, `13`; a ward's 5-digit
 * code), `name` (the local name), `nameEn` (a province's English name; the name if absent),
 * `parent` (a ward's province code), `areaName` (a ward's district or area, optional) and
 * `offshore` (true for an island ward far off the coast, kept out of its province's box). A
 * ward's geometry is its Polygon or MultiPolygon (WGS 84 [lon, lat]), stored simplified as the
 * publishers' boundaries are (boundary-rings.ts); a province's geometry is not stored (its box
 * is its wards'), so it may be null. A place already stored is described anew.
 */
import { Type, type Static } from 'typebox';
import type { Rings } from '../../../domains/real-estate/geometry.ts';
import { count, LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { ImportError, type Importer } from '../../source.ts';
import { insertRows } from '../../../store/loader.ts';
import { noteRow } from '../../../store/release-facts.ts';
import { wardOutline } from '../real-estate/boundary-rings.ts';
import { polygonsOf } from '../real-estate/mlit-n03.ts';
import { OPERATOR_SOURCE } from './operator-facts.ts';
import { provinceCodesText, provinceId, wardId } from './place-ids.ts';

/** The collection; each feature is checked on its own once their count is within the limit, and a refusal names it. */
const FeatureCollection = Type.Object({ type: Type.Literal('FeatureCollection'), features: Type.Array(Type.Object({})) });

const Text = Type.String({ minLength: 1 });
const Feature = Type.Object({
  type: Type.Literal('Feature'),
  properties: Type.Object({
    country: Type.Union([Type.Literal('jp'), Type.Literal('vn')]),
    level: Type.Union([Type.Literal('province'), Type.Literal('ward')]),
    code: Text,
    name: Text,
    nameEn: Type.Optional(Text),
    parent: Type.Optional(Text),
    areaName: Type.Optional(Type.String()),
    offshore: Type.Optional(Type.Boolean()),
  }),
  // A ward's is read by polygonsOf; a province's is not stored, so it may be null.
  geometry: Type.Union([Type.Object({}), Type.Null()]),
});

type Properties = Static<typeof Feature>['properties'];

export interface OperatorProvince {
  id: number;
  country: string;
  code: string;
  nameLocal: string;
  nameEn: string;
}

export interface OperatorWard {
  id: number;
  provinceId: number;
  name: string;
  areaName: string;
  offshore: boolean;
  rings: Rings;
  /** Where the file gives it, for a message only the store can prompt. */
  where: string;
}

export interface OperatorGeography {
  provinces: OperatorProvince[];
  wards: OperatorWard[];
}

function province(properties: Properties, where: string): OperatorProvince {
  const { country, code, name, nameEn } = properties;
  const id = provinceId(country, code);
  if (id === undefined) throw new ImportError(`${where}: no province "${code}" in ${country}; the codes are ${provinceCodesText(country)}`);
  return { id, country, code, nameLocal: name, nameEn: nameEn ?? name };
}

function ward(feature: Static<typeof Feature>, where: string): OperatorWard {
  const { properties } = feature;
  const { country, code, name, parent, areaName, offshore } = properties;
  const id = wardId(country, code);
  if (id === undefined) throw new ImportError(`${where}: a ward's code must be its 5-digit code (got "${code}")`);
  if (parent === undefined) throw new ImportError(`${where}: a ward needs its province's code in "parent"`);
  const parentId = provinceId(country, parent);
  if (parentId === undefined) throw new ImportError(`${where}: parent "${parent}" is no province of ${country}; the codes are ${provinceCodesText(country)}`);
  return { id, provinceId: parentId, name, areaName: areaName ?? '', offshore: offshore ?? false, rings: wardOutline(polygonsOf(feature, where)), where };
}

export function parseGeography(content: string, fileName: string): OperatorGeography {
  const { features } = readJsonDocument(FeatureCollection, content, fileName);
  const { maxRows } = payloadLimits();
  if (features.length > maxRows) throw new ImportError(`${fileName}: more than ${count(maxRows)} features (${LIMIT_SETTINGS.maxRows.name})`);
  if (features.length === 0) throw new ImportError(`${fileName}: no features`);
  const provinces = new Map<number, OperatorProvince>();
  const wards = new Map<number, OperatorWard>();
  features.forEach((value, i) => {
    const where = `${fileName}: features[${i}]`;
    const feature = checkDocument(Feature, value, where);
    const { properties } = feature;
    if (properties.level === 'province') {
      const place = province(properties, where);
      if (provinces.has(place.id)) throw new ImportError(`${where}: province ${place.code} of ${place.country} appears twice`);
      provinces.set(place.id, place);
      return;
    }
    const place = ward(feature, where);
    if (wards.has(place.id)) throw new ImportError(`${where}: ward ${properties.code} of ${properties.country} appears twice`);
    wards.set(place.id, place);
  });
  return { provinces: [...provinces.values()], wards: [...wards.values()] };
}

export const operatorGeographyImporter: Importer<OperatorGeography> = {
  dataset: 'operator-geography',
  datasets: ['real-estate'],
  description: "Operator's geography GeoJSON (FeatureCollection of provinces and wards with their boundaries)",
  source: OPERATOR_SOURCE,
  parse: parseGeography,
  async load(db, { provinces, wards }, release) {
    for (const place of provinces) {
      const row = { id: place.id, country: place.country, code: place.code, name_vi: place.nameLocal, name_en: place.nameEn, source: release.source };
      const stored = await db.selectFrom('re_province').select('id').where('id', '=', place.id).executeTakeFirst();
      if (stored === undefined) await insertRows(db, 're_province', [row]);
      else {
        await db.updateTable('re_province').set(row).where('id', '=', place.id).execute();
        noteRow(db, 're_province', row);
      }
    }
    const provinceIds = [...new Set(wards.map((place) => place.provinceId))];
    const knownProvinces = new Set(
      provinceIds.length === 0 ? [] : (await db.selectFrom('re_province').select('id').where('id', 'in', provinceIds).execute()).map((row) => row.id),
    );
    for (const place of wards) {
      if (!knownProvinces.has(place.provinceId)) throw new ImportError(`${place.where}: its province is neither in the store nor in the file`);
      const row = {
        id: place.id,
        province_id: place.provinceId,
        name: place.name,
        area_name: place.areaName,
        offshore: place.offshore ? 1 : 0,
        geometry: JSON.stringify(place.rings),
        source: release.source,
      };
      const stored = await db.selectFrom('re_ward').select('id').where('id', '=', place.id).executeTakeFirst();
      if (stored === undefined) await insertRows(db, 're_ward', [row]);
      else {
        await db.updateTable('re_ward').set(row).where('id', '=', place.id).execute();
        noteRow(db, 're_ward', row);
      }
    }
    return provinces.length + wards.length;
  },
};

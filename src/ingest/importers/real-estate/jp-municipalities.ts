import type { Transaction } from 'kysely';
import { storedFacts } from '../../../facts/names.ts';
import { noteFacts } from '../../../store/release-facts.ts';
import type { Database } from '../../../store/schema.ts';
import { JP_PROVINCE_ID_OFFSET } from '../../demo/real-estate-geography.ts';

/**
 * A municipality created from a publisher's answer has the id 1,000,000 + its national
 * local-government code: the code stays readable in the id, and the ids never meet the demo's
 * (province id × 100 + n).
 */
const JP_MUNICIPALITY_ID_OFFSET = 1_000_000;

/** The id of the ward made from a 5-digit local-government code. */
export function wardIdOfCode(code: string): number {
  return JP_MUNICIPALITY_ID_OFFSET + Number(code);
}

/** "Chiyoda Ward" / "Hachioji City" (English files) → the hub's "chiyoda-ku" / "hachioji-shi". */
export function municipalityKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/ ward$/, '-ku')
    .replace(/ city$/, '-shi')
    .replace(/ town$/, '-machi')
    .replace(/ village$/, '-mura')
    .trim();
}

/** A municipality as MLIT names it: its 5-digit local-government code and official names. */
export interface MunicipalityRef {
  code: string;
  prefecture: string;
  municipality: string;
}

/**
 * The ward of each municipality code, by the national local-government code (the prefecture is
 * its first two digits): a ward created earlier from that code, else a ward of the prefecture
 * with the municipality's name (the demo's wards), else a new one. Prefectures and
 * municipalities not in the store yet are created with the names the publisher gives and no
 * geometry (no rings: their bbox is null); real boundaries come from another source.
 */
export async function municipalityWards(db: Transaction<Database>, refs: readonly MunicipalityRef[], source: string): Promise<Map<string, number>> {
  const byCode = new Map(refs.map((r) => [r.code, r]));
  const prefectures = new Map([...byCode.values()].map((r) => [r.code.slice(0, 2), r.prefecture]));
  const provinces = await db
    .selectFrom('re_province')
    .select(['id', 'code'])
    .where('country', '=', 'jp')
    .where('code', 'in', [...prefectures.keys()])
    .execute();
  const provinceByCode = new Map(provinces.map((p) => [p.code, p.id]));
  for (const [code, name] of prefectures) {
    if (provinceByCode.has(code)) continue;
    const id = JP_PROVINCE_ID_OFFSET + Number(code);
    await db.insertInto('re_province').values({ id, country: 'jp', code, name_vi: name, name_en: name, source }).execute();
    noteFacts(db, [{ fact: storedFacts.province('jp') }]);
    provinceByCode.set(code, id);
  }
  const wards = await db
    .selectFrom('re_ward')
    .select(['id', 'province_id', 'name'])
    .where('province_id', 'in', [...provinceByCode.values()])
    .execute();
  const wardById = new Set(wards.map((w) => w.id));
  const wardByName = new Map(wards.map((w) => [`${w.province_id} ${municipalityKey(w.name)}`, w.id]));
  const result = new Map<string, number>();
  for (const ref of byCode.values()) {
    const provinceId = provinceByCode.get(ref.code.slice(0, 2));
    if (provinceId === undefined) throw new Error(`prefecture ${ref.code.slice(0, 2)} was not created`);
    const codeId = wardIdOfCode(ref.code);
    const existing = wardById.has(codeId) ? codeId : wardByName.get(`${provinceId} ${municipalityKey(ref.municipality)}`);
    if (existing !== undefined) {
      result.set(ref.code, existing);
      continue;
    }
    await db
      .insertInto('re_ward')
      .values({ id: codeId, province_id: provinceId, name: ref.municipality, area_name: '', offshore: 0, geometry: '[]', source })
      .execute();
    noteFacts(db, [{ fact: storedFacts.ward('jp') }]);
    result.set(ref.code, codeId);
  }
  return result;
}

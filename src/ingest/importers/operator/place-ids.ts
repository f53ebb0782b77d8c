/**
 * The store's ids of the places an operator's files name by their official codes. Province ids
 * are the hub's own (the examples' `/real-estate/vn/provinces/2` is Hanoi): Japan's prefecture
 * is 100 + its JIS X 0401 code, Vietnam's provincial unit the id the hub gives each of the 34
 * units in force since 1 July 2025. A ward's id carries its code: Japan's 1,000,000 + the
 * 5-digit local-government code (as MLIT's sources make it), Vietnam's 2,000,000 + the 5-digit
 * code of the General Statistics Office's list of administrative units.
 */
import { COUNTRIES, type Country } from '../../../domains/real-estate/real-estate.schemas.ts';
import { JP_PROVINCES, VN_PROVINCES } from '../../demo/real-estate-geography.ts';
import { wardIdOfCode as jpWardId } from '../real-estate/jp-municipalities.ts';

const VN_WARD_ID_OFFSET = 2_000_000;

export const isCountry = (text: string): text is Country => (COUNTRIES as readonly string[]).includes(text);

const PROVINCES = { jp: JP_PROVINCES, vn: VN_PROVINCES } as const;

/** The id of a province by its code (`13`, `HN`); undefined for a code the country does not have. */
export function provinceId(country: Country, code: string): number | undefined {
  return PROVINCES[country].find((province) => province.code === code)?.id;
}

/** The province codes of a country, for a refusal's message. */
export const provinceCodesText = (country: Country): string => PROVINCES[country].map((province) => province.code).join(', ');

/** The id of a ward by its 5-digit code; undefined for another shape of code. */
export function wardId(country: Country, code: string): number | undefined {
  if (!/^\d{5}$/.test(code)) return undefined;
  return country === 'jp' ? jpWardId(code) : VN_WARD_ID_OFFSET + Number(code);
}

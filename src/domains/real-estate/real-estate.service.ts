import { NotFoundError } from '../../kernel/domain-errors.ts';
import type { RealEstateRepo, WardPriceAggregate, WardScope } from './real-estate.repo.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { boundingBox, parseRings } from './geometry.ts';
import {
  COUNTRY_SCOPES,
  type Language,
  type PropertyType,
  type Country,
  type CountryScope,
  type GeoJson,
  type PriceSeries,
  type Transactions,
  type WardSummary,
} from './real-estate.schemas.ts';
import type { RealEstateProvinceRow } from '../../store/tables/real-estate.tables.ts';

const UNIT: Record<Country, string> = { jp: 'k_jpy', vn: 'k_vnd' };

const nullableRound2 = (value: number | null) => (value === null ? null : roundTo(Number(value), 2));
const pct = (now: number, before: number | undefined) => (before === undefined || before === 0 ? null : roundTo((now / before - 1) * 100, 2));

function present(values: readonly (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null).map(Number);
}

function asCountryScope(country: string): CountryScope {
  const scope = COUNTRY_SCOPES.find((c) => c === country);
  if (scope === undefined) throw new NotFoundError(`Unknown country "${country}": use jp, vn or all`);
  return scope;
}

const countryOf = (scope: CountryScope): Country | undefined => (scope === 'all' ? undefined : scope);

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export class RealEstateService {
  readonly #repo: RealEstateRepo;

  constructor(repo: RealEstateRepo) {
    this.#repo = repo;
  }

  async getProvinces({ country, lang }: { country: string; lang: Language }) {
    const scope = asCountryScope(country);
    const [provinces, wards] = await Promise.all([this.#repo.provinces(countryOf(scope)), this.#repo.wards({ country: countryOf(scope) })]);
    const mainland = new Map<number, ReturnType<typeof parseRings>[]>();
    for (const ward of wards) {
      if (ward.offshore !== 0) continue;
      const list = mainland.get(ward.province_id) ?? [];
      list.push(parseRings(ward.geometry));
      mainland.set(ward.province_id, list);
    }
    const collator = new Intl.Collator(lang);
    const named = provinces.map((p) => ({
      id: p.id,
      name: lang === 'en' ? p.name_en : p.name_vi,
      code: p.code,
      country: p.country as Country,
      bbox: boundingBox(mainland.get(p.id) ?? []),
    }));
    return named.sort((a, b) => (a.country === b.country ? collator.compare(a.name, b.name) : a.country < b.country ? -1 : 1));
  }

  async #province({ country, provinceId }: { country: string; provinceId: number }): Promise<RealEstateProvinceRow> {
    const scope = asCountryScope(country);
    const province = await this.#repo.province(provinceId);
    if (province === undefined || (scope !== 'all' && province.country !== scope)) {
      throw new NotFoundError(`No province ${provinceId} in ${scope === 'all' ? 'any country' : scope}`);
    }
    return province;
  }

  async #summaries(scope: WardScope): Promise<{
    summaries: Map<number, WardSummary>;
    availableYears: number[];
    latestYear: number | null;
    wards: Awaited<ReturnType<RealEstateRepo['wards']>>;
  }> {
    const [wards, availableYears, provinces] = await Promise.all([this.#repo.wards(scope), this.#repo.priceYears(scope), this.#repo.provinces(undefined)]);
    const latestYear = availableYears[availableYears.length - 1] ?? null;
    const prices = latestYear === null ? [] : await this.#repo.wardPrices(scope, latestYear);
    const byWard = new Map<number, WardPriceAggregate>(prices.map((p) => [Number(p.ward_id), p]));
    const countryById = new Map(provinces.map((p) => [p.id, p.country as Country]));
    const summaries = new Map<number, WardSummary>();
    for (const ward of wards) {
      const p = byWard.get(ward.id);
      const mins = p === undefined ? [] : present([p.min1, p.min2, p.min3, p.min4]);
      const maxes = p === undefined ? [] : present([p.max1, p.max2, p.max3, p.max4]);
      summaries.set(ward.id, {
        wardId: ward.id,
        wardName: ward.name,
        areaName: ward.area_name,
        area: ward.area_name,
        avgPriceResidentialVt1: nullableRound2(p?.avg1 ?? null),
        avgPriceResidentialVt2: nullableRound2(p?.avg2 ?? null),
        avgPriceResidentialVt3: nullableRound2(p?.avg3 ?? null),
        avgPriceResidentialVt4: nullableRound2(p?.avg4 ?? null),
        minPriceResidential: mins.length === 0 ? null : Math.min(...mins),
        maxPriceResidential: maxes.length === 0 ? null : Math.max(...maxes),
        roadCount: p === undefined ? null : Number(p.roads),
        unit: UNIT[countryById.get(ward.province_id) ?? 'vn'],
      });
    }
    return { summaries, availableYears, latestYear, wards };
  }

  async getGeoJson({ country, provinceId }: { country: string; provinceId?: number | undefined }): Promise<GeoJson> {
    const scope: WardScope =
      provinceId === undefined ? { country: countryOf(asCountryScope(country)) } : { provinceId: (await this.#province({ country, provinceId })).id };
    const { summaries, availableYears, latestYear, wards } = await this.#summaries(scope);
    return {
      wards: wards.flatMap((ward) => {
        const summary = summaries.get(ward.id);
        return summary === undefined ? [] : [{ ...summary, coordinates: parseRings(ward.geometry) }];
      }),
      availableYears,
      latestYear,
    };
  }

  async getWards({ country, provinceId }: { country: string; provinceId: number }): Promise<WardSummary[]> {
    const province = await this.#province({ country, provinceId });
    const { summaries } = await this.#summaries({ provinceId: province.id });
    return [...summaries.values()];
  }

  async getPrices({ country, provinceId, type, months }: { country: string; provinceId: number; type: PropertyType; months: number }): Promise<PriceSeries> {
    const province = await this.#province({ country, provinceId });
    // A year more than served, so the first points have their year-on-year change.
    const rows = await this.#repo.provincePrices({ provinceId: province.id, type, count: months + 12 });
    const byMonth = new Map(rows.map((r) => [r.month, Number(r.price)]));
    const monthBefore = (month: string, back: number) => {
      const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 - back, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const served = rows.slice(-months);
    const points = served.map((r) => ({
      period: r.month,
      price: Number(r.price),
      listings: Number(r.listings),
      momPct: pct(Number(r.price), byMonth.get(monthBefore(r.month, 1))),
      yoyPct: pct(Number(r.price), byMonth.get(monthBefore(r.month, 12))),
    }));
    const first = points[0];
    const last = points[points.length - 1];
    return {
      provinceId: province.id,
      country: province.country as Country,
      propertyType: type,
      unit: UNIT[province.country as Country],
      source: served[served.length - 1]?.source ?? province.source,
      latestPeriod: last?.period ?? null,
      changePct: first === undefined || last === undefined || points.length < 2 ? null : pct(last.price, first.price),
      points,
    };
  }

  async getTransactions({
    provinceId,
    wardId,
    from,
    to,
  }: {
    provinceId: number;
    wardId: number;
    from?: string | undefined;
    to?: string | undefined;
  }): Promise<Transactions> {
    const province = await this.#province({ country: 'jp', provinceId });
    const ward = await this.#repo.ward({ provinceId: province.id, wardId });
    if (ward === undefined) throw new NotFoundError(`No ward ${wardId} in province ${provinceId}`);
    const rows = await this.#repo.transactions({ wardId, from, to });
    const transactions = rows.map((r) => ({
      id: r.id,
      type: r.type,
      area: Number(r.area),
      price: Number(r.price),
      pricePerM2: roundTo(Number(r.price) / Number(r.area), 0),
      buildingYear: r.building_year === null ? null : Number(r.building_year),
      structure: r.structure,
      floorPlan: r.floor_plan,
      tradePeriod: r.trade_period,
    }));
    return {
      provinceId: province.id,
      wardId: ward.id,
      wardName: ward.name,
      currency: 'JPY',
      source: rows[0]?.source ?? province.source,
      count: transactions.length,
      medianPricePerM2: median(transactions.map((t) => t.pricePerM2)),
      transactions,
    };
  }
}

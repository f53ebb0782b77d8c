import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Country } from './real-estate.schemas.ts';

/** Which wards a query covers: one province, or a country (undefined: every country). */
export type WardScope = { provinceId: number } | { country: Country | undefined };

export interface WardPriceAggregate {
  ward_id: number;
  avg1: number | null;
  avg2: number | null;
  avg3: number | null;
  avg4: number | null;
  min1: number | null;
  min2: number | null;
  min3: number | null;
  min4: number | null;
  max1: number | null;
  max2: number | null;
  max3: number | null;
  max4: number | null;
  roads: number | string | bigint;
}

export class RealEstateRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async provinces(country: Country | undefined) {
    let query = this.#db.selectFrom('re_province').selectAll();
    if (country !== undefined) query = query.where('country', '=', country);
    return query.orderBy('country').orderBy('id').execute();
  }

  async province(id: number) {
    return this.#db.selectFrom('re_province').selectAll().where('id', '=', id).executeTakeFirst();
  }

  #wards(scope: WardScope) {
    let query = this.#db.selectFrom('re_ward');
    if ('provinceId' in scope) return query.where('re_ward.province_id', '=', scope.provinceId);
    if (scope.country !== undefined) {
      query = query.where('re_ward.province_id', 'in', this.#db.selectFrom('re_province').select('id').where('country', '=', scope.country));
    }
    return query;
  }

  async wards(scope: WardScope) {
    return this.#wards(scope).select(['id', 'province_id', 'name', 'area_name', 'offshore', 'geometry']).orderBy('province_id').orderBy('id').execute();
  }

  async ward({ provinceId, wardId }: { provinceId: number; wardId: number }) {
    return this.#db
      .selectFrom('re_ward')
      .select(['id', 'province_id', 'name'])
      .where('province_id', '=', provinceId)
      .where('id', '=', wardId)
      .executeTakeFirst();
  }

  async priceYears(scope: WardScope): Promise<number[]> {
    const rows = await this.#db
      .selectFrom('re_road_price')
      .select('year')
      .distinct()
      .where('ward_id', 'in', this.#wards(scope).select('id'))
      .orderBy('year')
      .execute();
    return rows.map((r) => Number(r.year));
  }

  /** Per ward of the scope: averages, extremes and road count of that year's table, by position. */
  async wardPrices(scope: WardScope, year: number): Promise<WardPriceAggregate[]> {
    return this.#db
      .selectFrom('re_road_price')
      .where('year', '=', year)
      .where('ward_id', 'in', this.#wards(scope).select('id'))
      .groupBy('ward_id')
      .select((eb) => [
        'ward_id',
        eb.fn.avg<number | null>('vt1').as('avg1'),
        eb.fn.avg<number | null>('vt2').as('avg2'),
        eb.fn.avg<number | null>('vt3').as('avg3'),
        eb.fn.avg<number | null>('vt4').as('avg4'),
        eb.fn.min<number | null>('vt1').as('min1'),
        eb.fn.min<number | null>('vt2').as('min2'),
        eb.fn.min<number | null>('vt3').as('min3'),
        eb.fn.min<number | null>('vt4').as('min4'),
        eb.fn.max<number | null>('vt1').as('max1'),
        eb.fn.max<number | null>('vt2').as('max2'),
        eb.fn.max<number | null>('vt3').as('max3'),
        eb.fn.max<number | null>('vt4').as('max4'),
        eb.fn.countAll<number | string | bigint>().as('roads'),
      ])
      .execute();
  }

  /** The latest `count` months of a province's series, oldest first. */
  async provincePrices({ provinceId, type, count }: { provinceId: number; type: string; count: number }) {
    const rows = await this.#db
      .selectFrom('re_province_price')
      .select(['month', 'price', 'listings', 'source'])
      .where('province_id', '=', provinceId)
      .where('property_type', '=', type)
      .orderBy('month', 'desc')
      .limit(count)
      .execute();
    return rows.reverse();
  }

  async transactions({ wardId, from, to }: { wardId: number; from?: string | undefined; to?: string | undefined }) {
    let query = this.#db.selectFrom('re_transaction').selectAll().where('ward_id', '=', wardId);
    if (from !== undefined) query = query.where('trade_period', '>=', from);
    if (to !== undefined) query = query.where('trade_period', '<=', to);
    return query.orderBy('trade_period', 'desc').orderBy('id').execute();
  }
}

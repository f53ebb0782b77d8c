import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { DemoContext, DemoGenerator } from './framework.ts';
import { insertRows, type RowOf } from '../../store/loader.ts';
import type { SeededRandom } from './random.ts';
import { JP_PROVINCES, OFFSHORE_UNITS, VN_PROVINCES, type ProvinceSeed } from './real-estate-geography.ts';

const SOURCE = { jp: 'Demo MLIT and NTA route prices (demo)', vn: 'Demo provincial land price tables (demo)' } as const;
const LISTINGS_SOURCE = 'Demo listing price survey (demo)';
type Country = 'jp' | 'vn';

const round = (value: number, step: number) => Math.round(value / step) * step;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const pad = (n: number) => String(n).padStart(2, '0');

/** A simplified cell outline: a rectangle with jittered edge midpoints, counter-clockwise, closed. */
function cellRing(random: SeededRandom, west: number, south: number, east: number, north: number): number[][] {
  const midLon = (west + east) / 2;
  const midLat = (south + north) / 2;
  const dx = (east - west) * 0.08;
  const dy = (north - south) * 0.08;
  const ring = [
    [west, south],
    [midLon + random.between(-dx, dx), south + random.between(-dy, dy)],
    [east, south],
    [east + random.between(-dx, dx), midLat + random.between(-dy, dy)],
    [east, north],
    [midLon + random.between(-dx, dx), north + random.between(-dy, dy)],
    [west, north],
    [west + random.between(-dx, dx), midLat + random.between(-dy, dy)],
  ].map(([lon = 0, lat = 0]) => [round6(lon), round6(lat)]);
  const first = ring[0] ?? [0, 0];
  return [...ring, [first[0] ?? 0, first[1] ?? 0]];
}

/** An island outline: an octagon around its centre, counter-clockwise, closed. */
function islandRing(lat: number, lon: number, radius: number): number[][] {
  const ring: number[][] = [];
  for (let k = 0; k < 8; k++) {
    const angle = (k * Math.PI) / 4;
    ring.push([round6(lon + radius * Math.cos(angle)), round6(lat + radius * 0.8 * Math.sin(angle))]);
  }
  return [...ring, [ring[0]?.[0] ?? lon, ring[0]?.[1] ?? lat]];
}

interface WardPlan {
  id: number;
  province: ProvinceSeed;
  country: Country;
  /** Price level relative to the province centre. */
  factor: number;
}

const GRID = { small: 2, full: 3 } as const;

export const realEstateDemoGenerator: DemoGenerator = {
  name: 'real-estate',
  datasets: ['real-estate'],
  async clear(db: Transaction<Database>) {
    await db.deleteFrom('re_transaction').where('source', '=', SOURCE.jp).execute();
    await db.deleteFrom('re_province_price').where('source', '=', LISTINGS_SOURCE).execute();
    await db.deleteFrom('re_road_price').where('source', 'in', [SOURCE.jp, SOURCE.vn]).execute();
    await db.deleteFrom('re_ward').where('source', 'in', [SOURCE.jp, SOURCE.vn]).execute();
    await db.deleteFrom('re_province').where('source', 'in', [SOURCE.jp, SOURCE.vn]).execute();
  },
  async generate(ctx) {
    const random = ctx.random('geography');
    const grid = GRID[ctx.scale];
    const provinces: RowOf<'re_province'>[] = [];
    const wards: RowOf<'re_ward'>[] = [];
    const plans: WardPlan[] = [];
    for (const [country, list] of [
      ['vn', VN_PROVINCES],
      ['jp', JP_PROVINCES],
    ] as const) {
      for (const p of list) {
        provinces.push({ id: p.id, country, code: p.code, name_vi: p.nameVi, name_en: p.nameEn, source: SOURCE[country] });
        const halfLat = p.span * 0.8;
        let n = 0;
        for (let row = 0; row < grid; row++) {
          for (let col = 0; col < grid; col++) {
            const west = p.lon - p.span + (2 * p.span * col) / grid;
            const south = p.lat - halfLat + (2 * halfLat * row) / grid;
            const distance = Math.hypot(col - (grid - 1) / 2, row - (grid - 1) / 2);
            const id = p.id * 100 + ++n;
            const name = p.wardNames?.[n - 1] ?? (country === 'vn' ? `Phường ${n}` : `${p.nameEn} District ${n}`);
            const central = distance < 0.8;
            wards.push({
              id,
              province_id: p.id,
              name,
              area_name: country === 'vn' ? (central ? 'Khu vực I' : 'Khu vực II') : central ? 'Central' : 'Suburban',
              offshore: 0,
              geometry: JSON.stringify([cellRing(random, west, south, west + (2 * p.span) / grid, south + (2 * halfLat) / grid)]),
              source: SOURCE[country],
            });
            plans.push({ id, province: p, country, factor: Math.exp(-0.9 * distance) * random.between(0.8, 1.2) });
          }
        }
        for (const island of OFFSHORE_UNITS[country].filter((o) => o.provinceCode === p.code)) {
          const id = p.id * 100 + ++n;
          wards.push({
            id,
            province_id: p.id,
            name: island.name,
            area_name: country === 'vn' ? 'Khu vực III' : 'Islands',
            offshore: 1,
            geometry: JSON.stringify([islandRing(island.lat, island.lon, island.radius)]),
            source: SOURCE[country],
          });
          plans.push({ id, province: p, country, factor: 0.25 });
        }
      }
    }
    await insertRows(ctx.db, 're_province', provinces);
    await insertRows(ctx.db, 're_ward', wards);
    ctx.progress(0.1);

    await insertRows(ctx.db, 're_road_price', roadPrices(ctx.random('road-prices'), plans, Number(ctx.until.slice(0, 4))));
    ctx.progress(0.4);
    await insertRows(ctx.db, 're_province_price', provincePrices(ctx, ctx.until));
    ctx.progress(0.6);
    // Imported MLIT transactions win (their ids are the publisher's): the demo fills around them.
    await insertRows(ctx.db, 're_transaction', transactions(ctx, plans, ctx.until), { onConflict: { key: ['id'], keep: 'stored' } });
  },
};

/** The first year of route price tables, and the year whose tables carry the provinces' centre prices. */
const FIRST_TABLE_YEAR = 2024;
const BASE_TABLE_YEAR = 2026;

/** Route price tables of each year from the first to `untilYear`'s, one road's level drawn once for all years. */
function roadPrices(random: SeededRandom, plans: readonly WardPlan[], untilYear: number): RowOf<'re_road_price'>[] {
  const rows: RowOf<'re_road_price'>[] = [];
  for (const plan of plans) {
    const roads = random.int(8, 24);
    const base = plan.province.basePrice * plan.factor;
    for (let r = 1; r <= roads; r++) {
      const level = base * Math.exp(random.normal(0, 0.35));
      const positions =
        plan.country === 'vn' ? [1, random.chance(0.8) ? 0.55 : null, random.chance(0.7) ? 0.4 : null, random.chance(0.6) ? 0.3 : null] : [1, null, null, null];
      for (let y = FIRST_TABLE_YEAR; y <= untilYear; y++) {
        // Tables are revised upward year by year, Vietnam's more steeply.
        const growth = (plan.country === 'vn' ? 1.12 : 1.04) ** (y - BASE_TABLE_YEAR);
        const step = plan.country === 'vn' ? 100 : 1;
        const [vt1, vt2, vt3, vt4] = positions.map((share) => (share === null ? null : Math.max(step, round(level * growth * share, step))));
        rows.push({ ward_id: plan.id, year: y, road: `Road ${r}`, vt1, vt2, vt3, vt4, source: SOURCE[plan.country] });
      }
    }
  }
  return rows;
}

/** The first month of asking prices, and how many months after it the level reaches the centre price. */
const FIRST_LISTING_MONTH = '2023-11';
const MONTHS_TO_CENTRE_PRICE = 36;
const PROPERTY_TYPES = [
  { type: 'apartment', multiplier: { jp: 1.3, vn: 0.9 } },
  { type: 'land', multiplier: { jp: 1.0, vn: 1.0 } },
] as const;

/** Monthly asking prices per m², from the first listing month to the last finished month before `until`. */
function provincePrices(ctx: DemoContext, until: string): RowOf<'re_province_price'>[] {
  const rows: RowOf<'re_province_price'>[] = [];
  const monthCount =
    (Number(until.slice(0, 4)) - Number(FIRST_LISTING_MONTH.slice(0, 4))) * 12 + Number(until.slice(5, 7)) - Number(FIRST_LISTING_MONTH.slice(5, 7));
  for (const [country, list] of [
    ['vn', VN_PROVINCES],
    ['jp', JP_PROVINCES],
  ] as const) {
    for (const p of list) {
      for (const { type, multiplier } of PROPERTY_TYPES) {
        const random = ctx.random(`province-prices:${p.id}:${type}`);
        const drift = (country === 'vn' ? 0.08 : 0.03) / 12;
        let level = p.basePrice * 0.35 * multiplier[country] * Math.exp(-drift * MONTHS_TO_CENTRE_PRICE);
        for (let k = 0; k < monthCount; k++) {
          level *= Math.exp(drift + random.normal(0, 0.015));
          const month = new Date(Date.UTC(Number(FIRST_LISTING_MONTH.slice(0, 4)), Number(FIRST_LISTING_MONTH.slice(5, 7)) - 1 + k, 1));
          rows.push({
            province_id: p.id,
            month: `${month.getUTCFullYear()}-${pad(month.getUTCMonth() + 1)}`,
            property_type: type,
            price: Math.round(level * 10) / 10,
            listings: Math.max(5, Math.round(random.normal(40, 10) * Math.sqrt(p.basePrice / 50))),
            source: LISTINGS_SOURCE,
          });
        }
      }
    }
  }
  return rows;
}

/** The first quarter with transactions: eight quarters before late 2026's. */
const FIRST_TRANSACTION_QUARTER = { year: 2024, quarter: 4 };
const TRANSACTION_TYPES = ['Pre-owned Condominiums, etc.', 'Residential Land(Land Only)', 'Residential Land(Land and Building)'] as const;
const FLOOR_PLANS = ['1K', '1DK', '1LDK', '2LDK', '3LDK'] as const;

/** MLIT-style transactions of Japanese wards over the finished quarters before `until`, each ward and quarter drawn from a stream of its own. */
function transactions(ctx: DemoContext, plans: readonly WardPlan[], until: string): RowOf<'re_transaction'>[] {
  const rows: RowOf<'re_transaction'>[] = [];
  const currentIndex = Number(until.slice(0, 4)) * 4 + Math.ceil(Number(until.slice(5, 7)) / 3) - 1;
  const firstIndex = FIRST_TRANSACTION_QUARTER.year * 4 + FIRST_TRANSACTION_QUARTER.quarter - 1;
  for (const plan of plans.filter((p) => p.country === 'jp')) {
    // Route prices are about 80% of market land prices; thousand JPY → JPY.
    const landPerM2 = (plan.province.basePrice * plan.factor * 1000) / 0.8;
    for (let index = firstIndex; index < currentIndex; index++) {
      const year = Math.floor(index / 4);
      const period = `${year}-Q${(index % 4) + 1}`;
      const random = ctx.random(`transactions:${plan.id}:${period}`);
      const count = random.int(2, 7);
      for (let k = 0; k < count; k++) {
        const type = random.pick(TRANSACTION_TYPES);
        const unit = landPerM2 * Math.exp(random.normal(0, 0.25));
        let area: number;
        let price: number;
        let buildingYear: number | null = null;
        let structure: string | null = null;
        let floorPlan: string | null = null;
        if (type === 'Pre-owned Condominiums, etc.') {
          area = round(random.between(18, 95), 5);
          buildingYear = random.int(1978, year - 1);
          // Older flats sell at a discount to new ones.
          price = area * unit * 1.6 * (0.55 + 0.45 * ((buildingYear - 1970) / (year - 1970)));
          structure = random.chance(0.8) ? 'RC' : 'SRC';
          floorPlan = FLOOR_PLANS[Math.min(FLOOR_PLANS.length - 1, Math.floor(area / 20))] ?? '1K';
        } else if (type === 'Residential Land(Land Only)') {
          area = round(random.between(70, 320), 5);
          price = area * unit;
        } else {
          area = round(random.between(70, 250), 5);
          buildingYear = random.int(1975, year - 1);
          price = area * unit + random.between(5, 25) * 1_000_000 * Math.max(0.1, 1 - (year - buildingYear) / 30);
          structure = random.chance(0.75) ? 'W' : random.pick(['S', 'LS', 'RC']);
        }
        // MLIT publishes prices to two significant figures.
        const magnitude = 10 ** (Math.floor(Math.log10(price)) - 1);
        rows.push({
          id: `${plan.id}-${period}-${k + 1}`,
          ward_id: plan.id,
          type,
          area,
          price: Math.round(price / magnitude) * magnitude,
          building_year: buildingYear,
          structure,
          floor_plan: floorPlan,
          trade_period: period,
          source: SOURCE.jp,
        });
      }
    }
  }
  return rows;
}

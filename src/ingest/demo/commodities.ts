import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { COMMODITIES } from '../../domains/commodities/commodities.catalog.ts';
import { insertChunked, type DemoContext, type DemoGenerator } from './framework.ts';
import { daysBefore, weekdaysBetween } from './days.ts';

export const COMMODITIES_DEMO_SOURCE = 'demo (generated)';

/** Calendar days of history: a year back plus the previous December and the 50-close average. */
const HISTORY_DAYS = 430;
/** A trading day goes missing now and then (holidays, unpublished days): a gap, never a zero. */
const MISSING_DAY_PROBABILITY = 0.02;

/** Start level, annual volatility and drift, and decimals of each demo series. */
const DEMO_SERIES: Record<string, { start: number; vol: number; drift: number; decimals: number }> = {
  'wti-crude': { start: 70, vol: 0.35, drift: 0.05, decimals: 2 },
  'brent-crude': { start: 74, vol: 0.33, drift: 0.05, decimals: 2 },
  'natural-gas': { start: 3.5, vol: 0.6, drift: 0, decimals: 3 },
  'heating-oil': { start: 2.4, vol: 0.35, drift: 0.03, decimals: 4 },
  'gasoline-rbob': { start: 2.2, vol: 0.35, drift: 0.03, decimals: 4 },
  'coal-newcastle': { start: 110, vol: 0.3, drift: 0, decimals: 2 },
  gold: { start: 3300, vol: 0.16, drift: 0.2, decimals: 2 },
  silver: { start: 36, vol: 0.28, drift: 0.15, decimals: 3 },
  platinum: { start: 1000, vol: 0.25, drift: 0.1, decimals: 2 },
  palladium: { start: 1000, vol: 0.3, drift: 0.05, decimals: 2 },
  'copper-lme': { start: 9500, vol: 0.22, drift: 0.08, decimals: 1 },
  'aluminium-lme': { start: 2500, vol: 0.2, drift: 0.04, decimals: 1 },
  'zinc-lme': { start: 2800, vol: 0.22, drift: 0.1, decimals: 1 },
  'nickel-lme': { start: 15500, vol: 0.25, drift: 0, decimals: 0 },
  'iron-ore': { start: 100, vol: 0.25, drift: 0, decimals: 2 },
  'coffee-arabica': { start: 380, vol: 0.35, drift: -0.05, decimals: 2 },
  'coffee-robusta': { start: 4500, vol: 0.35, drift: -0.05, decimals: 0 },
  cocoa: { start: 8000, vol: 0.45, drift: -0.2, decimals: 0 },
  'sugar-11': { start: 17, vol: 0.28, drift: 0, decimals: 2 },
  wheat: { start: 540, vol: 0.28, drift: 0, decimals: 2 },
  corn: { start: 440, vol: 0.22, drift: 0, decimals: 2 },
  soybeans: { start: 1030, vol: 0.18, drift: 0, decimals: 2 },
  cotton: { start: 67, vol: 0.2, drift: 0, decimals: 2 },
  'palm-oil': { start: 4000, vol: 0.25, drift: 0, decimals: 0 },
  'rough-rice': { start: 13.5, vol: 0.2, drift: 0, decimals: 3 },
  'baltic-dry': { start: 1500, vol: 0.6, drift: 0, decimals: 0 },
  dxy: { start: 99, vol: 0.07, drift: 0, decimals: 3 },
};

export const commoditiesDemoGenerator: DemoGenerator = {
  name: 'commodities',
  async clear(db: Transaction<Database>) {
    await db.deleteFrom('commodity_price').where('source', '=', COMMODITIES_DEMO_SOURCE).execute();
  },
  async generate(ctx: DemoContext) {
    const days = weekdaysBetween(daysBefore(ctx.until, HISTORY_DAYS), ctx.until);
    const rows: Database['commodity_price'][] = [];
    for (const commodity of COMMODITIES) {
      const series = DEMO_SERIES[commodity.id];
      if (series === undefined) continue;
      const random = ctx.random(commodity.id);
      const dailyVol = series.vol / Math.sqrt(252);
      const dailyDrift = series.drift / 252 - (dailyVol * dailyVol) / 2;
      let level = series.start;
      for (const date of days) {
        level *= Math.exp(dailyDrift + random.normal(0, dailyVol));
        if (random.chance(MISSING_DAY_PROBABILITY)) continue;
        const close = Number(level.toFixed(series.decimals));
        rows.push({ commodity_id: commodity.id, date, close, source: COMMODITIES_DEMO_SOURCE });
      }
    }
    await insertChunked(ctx.db, 'commodity_price', rows, (done) => ctx.progress(done / rows.length));
  },
};

import type { DemoContext } from '../framework.ts';
import { tiborSeries, type TiborTenor } from '../../../domains/macro/series.ts';
import { addDays } from '../../../kernel/dates.ts';
import { roundTo } from '../../../kernel/numbers.ts';
import { anchoredPath } from './paths.ts';
import { weekdaysBetween } from '../days.ts';
import type { DemoPublisher, DemoVintage } from './demo-vintage.ts';

type Anchors = readonly (readonly [number, number])[];

const TIBOR_PUBLISHER: DemoPublisher = { family: 'tibor', source: 'JBA TIBOR Administration (demo data)', hourUtc: 2 };

const TIBOR_3M: Anchors = [
  [2020, 0.069],
  [2023.9, 0.07],
  [2024.2, 0.1],
  [2024.6, 0.3],
  [2025.1, 0.6],
  [2025.95, 0.75],
  [2026.1, 0.95],
  [2026.5, 1.0],
];
const TIBOR_SPREADS: Record<TiborTenor, number> = { '1w': -0.1, '1m': -0.05, '3m': 0, '6m': 0.08 };

/** The first TIBOR fixing of the demo: four years before late 2026. */
const TIBOR_FROM = '2022-11-01';

/**
 * JBA's daily Japanese Yen TIBOR from a fixed first day: a few 1-week fixings missing, and a
 * few fixings corrected by a release the next day (restatements).
 */
export function generateTibor(ctx: DemoContext, vintage: DemoVintage): void {
  const days = weekdaysBetween(TIBOR_FROM, ctx.until);
  const base = anchoredPath(ctx.random('tibor:3m'), days, TIBOR_3M, { volatility: 0.003, reversion: 0.1 });
  const random = ctx.random('tibor:tenors');
  days.forEach((day, i) => {
    const level = base[i] ?? 0;
    for (const [tenor, spread] of Object.entries(TIBOR_SPREADS) as [TiborTenor, number][]) {
      const missing = tenor === '1w' && random.chance(0.01);
      const value = missing ? null : roundTo(Math.max(0.01, level + spread + random.normal(0, 0.002)), 5);
      if (value !== null && random.chance(0.004)) {
        vintage.publish(TIBOR_PUBLISHER, day, tiborSeries(tenor), day, roundTo(value + 0.01, 5));
        vintage.publish(TIBOR_PUBLISHER, addDays(day, 1), tiborSeries(tenor), day, value);
      } else {
        vintage.publish(TIBOR_PUBLISHER, day, tiborSeries(tenor), day, value);
      }
    }
  });
}

import type { DemoContext } from '../framework.ts';
import { FX_QUOTES, MARKET_SERIES, tiborSeries, type TiborTenor } from '../../../domains/macro/series.ts';
import { addDays } from '../../../domains/macro/periods.ts';
import { anchoredPath, roundTo } from './paths.ts';
import { weekdaysBetween } from '../days.ts';
import type { DemoPublisher, DemoVintage } from './demo-vintage.ts';

type Anchors = readonly (readonly [number, number])[];

const FX_PUBLISHER: DemoPublisher = { family: 'fx', source: 'Reference exchange rates at the New York close (demo data)', hourUtc: 21 };
const TIBOR_PUBLISHER: DemoPublisher = { family: 'tibor', source: 'JBA TIBOR Administration (demo data)', hourUtc: 2 };
const MARKETS_PUBLISHER: DemoPublisher = { family: 'jp-markets', source: 'Japan Exchange Group and Nikkei closing values (demo data)', hourUtc: 7 };

const FX_PATHS: Record<string, { anchors: Anchors; decimals: number; volatility: number }> = {
  JPY: { anchors: [[2006, 117], [2007.5, 122], [2008.9, 92], [2011.8, 77], [2012.9, 84], [2013.5, 100], [2015.5, 124], [2016.6, 101], [2018, 110], [2020, 108], [2021.9, 114], [2022.8, 150], [2023.1, 130], [2024.5, 160], [2024.7, 142], [2025.1, 156], [2025.3, 143], [2026.5, 146]], decimals: 3, volatility: 0.005 },
  VND: { anchors: [[2006, 15900], [2008, 16000], [2011, 20800], [2015, 22000], [2019, 23200], [2022.8, 24800], [2023.2, 23400], [2024.3, 25400], [2025.5, 26200], [2026.5, 26300]], decimals: 0, volatility: 0.0015 },
  CNY: { anchors: [[2006, 8.05], [2008.5, 6.83], [2010.5, 6.83], [2014, 6.05], [2016.9, 6.95], [2018, 6.3], [2019.7, 7.15], [2021.9, 6.36], [2023, 6.9], [2023.8, 7.3], [2025, 7.3], [2026.5, 7.12]], decimals: 4, volatility: 0.002 },
  EUR: { anchors: [[2006, 1.2], [2008.5, 1.57], [2010.4, 1.22], [2011.3, 1.45], [2015.2, 1.08], [2018, 1.23], [2020.3, 1.08], [2021, 1.22], [2022.7, 0.98], [2023.5, 1.1], [2025, 1.03], [2025.5, 1.17], [2026.5, 1.16]], decimals: 5, volatility: 0.005 },
  GBP: { anchors: [[2006, 1.75], [2007.9, 2.05], [2009, 1.42], [2014.5, 1.71], [2016.6, 1.3], [2020.2, 1.18], [2021.3, 1.4], [2022.7, 1.08], [2024.7, 1.33], [2025, 1.24], [2025.5, 1.36], [2026.5, 1.34]], decimals: 5, volatility: 0.005 },
  AUD: { anchors: [[2006, 0.74], [2008.5, 0.97], [2008.9, 0.62], [2011.6, 1.1], [2015, 0.75], [2018, 0.8], [2020.2, 0.58], [2021.1, 0.78], [2022.8, 0.63], [2024, 0.67], [2025.3, 0.61], [2026.5, 0.66]], decimals: 5, volatility: 0.006 },
};

const yearsBefore = (date: string, years: number): string => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

/**
 * Six dollar rates, published the same evening: daily closes for the last five years, Friday
 * closes before that back to twenty years (the demo stays small; long windows stay meaningful).
 */
export function generateFx(ctx: DemoContext, vintage: DemoVintage): void {
  const dailyFrom = yearsBefore(ctx.until, 5);
  const days = weekdaysBetween(yearsBefore(ctx.until, 20), ctx.until).filter(
    (day) => day >= dailyFrom || new Date(`${day}T00:00:00.000Z`).getUTCDay() === 5,
  );
  for (const [currency, path] of Object.entries(FX_PATHS)) {
    const quote = FX_QUOTES[currency];
    if (quote === undefined) continue;
    const values = anchoredPath(ctx.random(`fx:${currency}`), days, path.anchors, { volatility: path.volatility, reversion: 0.02, log: true });
    days.forEach((day, i) => vintage.publish(FX_PUBLISHER, day, quote.series, day, roundTo(values[i] ?? 0, path.decimals)));
  }
}

const TIBOR_3M: Anchors = [[2020, 0.069], [2023.9, 0.07], [2024.2, 0.1], [2024.6, 0.3], [2025.1, 0.6], [2025.95, 0.75], [2026.1, 0.95], [2026.5, 1.0]];
const TIBOR_SPREADS: Record<TiborTenor, number> = { '1w': -0.1, '1m': -0.05, '3m': 0, '6m': 0.08 };

/**
 * JBA's daily Japanese Yen TIBOR over four years: a few 1-week fixings missing, and a few
 * fixings corrected by a release the next day (restatements).
 */
export function generateTibor(ctx: DemoContext, vintage: DemoVintage): void {
  const days = weekdaysBetween(yearsBefore(ctx.until, 4), ctx.until);
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

const MARKET_PATHS: Record<keyof typeof MARKET_SERIES, { anchors: Anchors; decimals: number; volatility: number }> = {
  nikkei225: { anchors: [[2025.2, 38000], [2025.3, 33000], [2025.6, 40000], [2025.9, 45000], [2026.5, 49000]], decimals: 2, volatility: 0.012 },
  topix: { anchors: [[2025.2, 2700], [2025.3, 2400], [2025.6, 2850], [2025.9, 3150], [2026.5, 3350]], decimals: 2, volatility: 0.01 },
  tseReit: { anchors: [[2025, 1650], [2025.6, 1800], [2026.5, 1950]], decimals: 2, volatility: 0.007 },
  jpxGold: { anchors: [[2025, 13500], [2025.5, 15500], [2025.8, 17500], [2026.5, 21000]], decimals: 0, volatility: 0.012 },
  jpxCrude: { anchors: [[2025, 72000], [2025.5, 62000], [2026.5, 64000]], decimals: 0, volatility: 0.018 },
};

/** A year of closes of the market gauges the recap shows. */
export function generateMarkets(ctx: DemoContext, vintage: DemoVintage): void {
  const days = weekdaysBetween(yearsBefore(ctx.until, 1), ctx.until);
  for (const [name, path] of Object.entries(MARKET_PATHS) as [keyof typeof MARKET_SERIES, (typeof MARKET_PATHS)[keyof typeof MARKET_SERIES]][]) {
    const values = anchoredPath(ctx.random(`markets:${name}`), days, path.anchors, { volatility: path.volatility, reversion: 0.05, log: true });
    days.forEach((day, i) => vintage.publish(MARKETS_PUBLISHER, day, MARKET_SERIES[name], day, roundTo(values[i] ?? 0, path.decimals)));
  }
}

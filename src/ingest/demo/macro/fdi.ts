import type { DemoContext } from '../framework.ts';
import { FDI_METHOD_CHANGE, FDI_PRELIMINARY, FDI_REGIONS, FDI_TOTAL, VN_FDI, fdiSeries, type FdiDirection } from '../../../domains/macro/series.ts';
import { addDays, addMonths, addQuarters, monthsBetween, quarterEnd, quartersBetween } from '../../../kernel/dates.ts';
import { roundTo } from '../../../kernel/numbers.ts';
import { anchoredPath } from './paths.ts';
import type { DemoPublisher, DemoVintage } from './demo-vintage.ts';

const JP_PUBLISHER: DemoPublisher = { family: 'jp-fdi', source: 'Ministry of Finance and Bank of Japan, Balance of Payments (demo data)', hourUtc: 23 };
const VN_PUBLISHER: DemoPublisher = { family: 'vn-fdi', source: 'Ministry of Finance of Vietnam, Foreign Investment Agency (demo data)', hourUtc: 3 };

type RegionCode = (typeof FDI_REGIONS)[number]['code'];

const SHARES: Record<FdiDirection, Record<RegionCode, number>> = {
  outward: { asia: 0.28, north_america: 0.36, latin_america: 0.07, oceania: 0.06, europe: 0.2, middle_east: 0.01, africa: 0.01 },
  inward: { asia: 0.3, north_america: 0.25, latin_america: 0.02, oceania: 0.02, europe: 0.38, middle_east: 0.01, africa: 0.005 },
};
const TOTALS: Record<FdiDirection, readonly (readonly [number, number])[]> = {
  outward: [
    [2014, 30000],
    [2016, 40000],
    [2019, 60000],
    [2020.5, 25000],
    [2022, 40000],
    [2024, 50000],
    [2026.5, 55000],
  ],
  inward: [
    [2014, 3000],
    [2017, 5000],
    [2019, 8000],
    [2021, 6000],
    [2023, 5000],
    [2025, 8000],
    [2026.5, 9000],
  ],
};
/** Days after the quarter's end of the preliminary and the revised releases. */
const PRELIMINARY_LAG = 68;
const REVISED_LAG = 160;
/** The quarter the outward series' regions were reclassified (a fixed date, inside the last 12 quarters of 2026). */
const FDI_BREAK_QUARTER = '2025-Q1';
export const FDI_BREAK_REASON = 'The publisher reclassified countries into regions (geographic revision); figures before this quarter are not comparable';

/**
 * Japan's quarterly direct investment by region, in millions of US dollars: a preliminary release
 * about ten weeks after the quarter, a revised one about five months after; confidential
 * figures published as `x` without a value; one method change in the outward series.
 */
export function generateJapanFdi(ctx: DemoContext, vintage: DemoVintage): void {
  const untilQuarter = `${ctx.until.slice(0, 4)}-Q${Math.floor((Number(ctx.until.slice(5, 7)) - 1) / 3) + 1}`;
  const quarters = quartersBetween('2014-Q1', addQuarters(untilQuarter, -1));
  for (const direction of ['inward', 'outward'] as const) {
    const pathRandom = ctx.random(`jp-fdi:${direction}`);
    const random = ctx.random(`jp-fdi:${direction}:publication`);
    const totals =
      direction === 'outward'
        ? anchoredPath(pathRandom, quarters, TOTALS.outward, { volatility: 0.15, reversion: 0.5, log: true })
        : anchoredPath(pathRandom, quarters, TOTALS.inward, { volatility: 2500, reversion: 0.6 });
    quarters.forEach((quarter, i) => {
      const total = totals[i] ?? 0;
      const preliminaryOn = addDays(quarterEnd(quarter), PRELIMINARY_LAG);
      const revisedOn = addDays(quarterEnd(quarter), REVISED_LAG);
      const publishBoth = (part: string, final: number | null, marker: string | null) => {
        const preliminary = final === null ? null : roundTo(final * (1 + random.normal(0, 0.03)), 1);
        vintage.publish(JP_PUBLISHER, preliminaryOn, fdiSeries(direction, part), quarter, preliminary, marker);
        vintage.publish(JP_PUBLISHER, revisedOn, fdiSeries(direction, part), quarter, final, marker);
      };
      publishBoth(FDI_TOTAL, roundTo(total, 1), null);
      for (const { code } of FDI_REGIONS) {
        const confidential = (code === 'middle_east' || code === 'africa') && random.chance(0.15);
        const value = roundTo(total * SHARES[direction][code] * (1 + random.normal(0, 0.08)), 1);
        publishBoth(code, confidential ? null : value, confidential ? 'x' : null);
      }
      vintage.publish(JP_PUBLISHER, preliminaryOn, fdiSeries(direction, FDI_PRELIMINARY), quarter, 1);
      vintage.publish(JP_PUBLISHER, revisedOn, fdiSeries(direction, FDI_PRELIMINARY), quarter, 0);
      if (direction === 'outward' && quarter === FDI_BREAK_QUARTER) {
        vintage.publish(JP_PUBLISHER, preliminaryOn, fdiSeries(direction, FDI_METHOD_CHANGE), quarter, null, FDI_BREAK_REASON);
      }
    });
  }
}

/**
 * Vietnam's monthly registered and realized FDI, published as year-to-date totals at each
 * month's end (counted up to a cut-off day); a few months never published, one realized figure
 * missing, some year-to-date figures revised a month later.
 */
export function generateVietnamFdi(ctx: DemoContext, vintage: DemoVintage): void {
  const random = ctx.random('vn-fdi:publication');
  const months = monthsBetween('2018-01', addMonths(ctx.until.slice(0, 7), -1));
  const registered = anchoredPath(
    ctx.random('vn-fdi:registered'),
    months,
    [
      [2018, 2700],
      [2020.5, 2200],
      [2022, 2300],
      [2024, 3200],
      [2026.5, 3500],
    ],
    { volatility: 0.35, reversion: 0.8, log: true },
  );
  const realized = anchoredPath(
    ctx.random('vn-fdi:realized'),
    months,
    [
      [2018, 1500],
      [2020.5, 1500],
      [2022, 1700],
      [2024, 1900],
      [2026.5, 2100],
    ],
    { volatility: 0.12, reversion: 0.6, log: true },
  );
  let registeredYtd = 0;
  let realizedYtd = 0;
  months.forEach((month, i) => {
    if (month.endsWith('-01')) {
      registeredYtd = 0;
      realizedYtd = 0;
    }
    registeredYtd += registered[i] ?? 0;
    realizedYtd += realized[i] ?? 0;
    // A handful of months the publisher skipped (the next month's year-to-date still counts them).
    if (random.chance(0.03) && i > 0) return;
    const publishedOn = addDays(`${addMonths(month, 1)}-01`, -1);
    const cutoffDay = month.endsWith('-12') ? 31 : random.int(20, 28);
    const realizedFigure = random.chance(0.02) ? null : roundTo(realizedYtd, 2);
    if (random.chance(0.3)) {
      const revisedOn = addDays(publishedOn, 30);
      vintage.publish(VN_PUBLISHER, publishedOn, VN_FDI.registeredYtd, month, roundTo(registeredYtd * (1 + random.normal(0, 0.02)), 2));
      vintage.publish(VN_PUBLISHER, revisedOn, VN_FDI.registeredYtd, month, roundTo(registeredYtd, 2));
    } else {
      vintage.publish(VN_PUBLISHER, publishedOn, VN_FDI.registeredYtd, month, roundTo(registeredYtd, 2));
    }
    vintage.publish(VN_PUBLISHER, publishedOn, VN_FDI.realizedYtd, month, realizedFigure);
    vintage.publish(VN_PUBLISHER, publishedOn, VN_FDI.cutoffDay, month, cutoffDay);
  });
}

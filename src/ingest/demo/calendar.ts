import { DAY_MS, daysInMonth, isoDay } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import type { DemoGenerator } from './framework.ts';
import { insertRows, type RowOf } from '../../store/loader.ts';
import type { SeededRandom } from './random.ts';
import { isMacroRelease } from '../../domains/calendar/macro-releases.ts';

type Schedule =
  | { kind: 'monthly'; day: number }
  /** Released in these months for the quarter just ended. */
  | { kind: 'quarterly'; months: readonly number[]; day: number }
  /** A policy meeting in these months: the figure is the decided rate. */
  | { kind: 'meeting'; months: readonly number[]; day: number };

interface SeriesSpec {
  code: string;
  country: string;
  name: string;
  importance: 'low' | 'medium' | 'high';
  unit: string;
  decimals: number;
  schedule: Schedule;
  /** Release time of day, UTC. */
  time: string;
  mean: number;
  sd: number;
  /** Persistence of the deviation from the mean from one release to the next. */
  phi: number;
}

const Q = [1, 4, 7, 10] as const;
const SERIES: readonly SeriesSpec[] = [
  {
    code: 'us-cpi-yoy',
    country: 'US',
    name: 'CPI YoY',
    importance: 'high',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 12 },
    time: '12:30',
    mean: 2.9,
    sd: 0.15,
    phi: 0.85,
  },
  {
    code: 'us-nfp',
    country: 'US',
    name: 'Nonfarm Payrolls',
    importance: 'high',
    unit: 'K',
    decimals: 0,
    schedule: { kind: 'monthly', day: 5 },
    time: '12:30',
    mean: 140,
    sd: 60,
    phi: 0.4,
  },
  {
    code: 'us-unemployment',
    country: 'US',
    name: 'Unemployment Rate',
    importance: 'high',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 5 },
    time: '12:30',
    mean: 4.2,
    sd: 0.08,
    phi: 0.9,
  },
  {
    code: 'us-retail-sales-mom',
    country: 'US',
    name: 'Retail Sales MoM',
    importance: 'medium',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 15 },
    time: '12:30',
    mean: 0.3,
    sd: 0.5,
    phi: 0.1,
  },
  {
    code: 'us-ism-manufacturing',
    country: 'US',
    name: 'ISM Manufacturing PMI',
    importance: 'medium',
    unit: 'points',
    decimals: 1,
    schedule: { kind: 'monthly', day: 1 },
    time: '14:00',
    mean: 49.2,
    sd: 0.9,
    phi: 0.8,
  },
  {
    code: 'us-gdp-qoq',
    country: 'US',
    name: 'GDP Growth Rate QoQ Adv',
    importance: 'high',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'quarterly', months: [1, 4, 7, 10], day: 30 },
    time: '12:30',
    mean: 2.0,
    sd: 1.0,
    phi: 0.3,
  },
  {
    code: 'us-fed-rate',
    country: 'US',
    name: 'Fed Interest Rate Decision',
    importance: 'high',
    unit: '%',
    decimals: 2,
    schedule: { kind: 'meeting', months: [1, 3, 5, 6, 7, 9, 10, 12], day: 17 },
    time: '18:00',
    mean: 4.0,
    sd: 0,
    phi: 1,
  },
  {
    code: 'jp-cpi-yoy',
    country: 'JP',
    name: 'National CPI YoY',
    importance: 'medium',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 19 },
    time: '23:30',
    mean: 2.8,
    sd: 0.2,
    phi: 0.85,
  },
  {
    code: 'jp-unemployment',
    country: 'JP',
    name: 'Unemployment Rate',
    importance: 'low',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 28 },
    time: '23:30',
    mean: 2.5,
    sd: 0.1,
    phi: 0.8,
  },
  {
    code: 'jp-trade-balance',
    country: 'JP',
    name: 'Balance of Trade',
    importance: 'low',
    unit: 'JPY billion',
    decimals: 1,
    schedule: { kind: 'monthly', day: 18 },
    time: '23:50',
    mean: -450,
    sd: 350,
    phi: 0.5,
  },
  {
    code: 'jp-gdp-qoq',
    country: 'JP',
    name: 'GDP Growth Rate QoQ Prel',
    importance: 'high',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'quarterly', months: [2, 5, 8, 11], day: 15 },
    time: '23:50',
    mean: 0.2,
    sd: 0.45,
    phi: 0.3,
  },
  {
    code: 'jp-tankan',
    country: 'JP',
    name: 'Tankan Large Manufacturers Index',
    importance: 'medium',
    unit: 'points',
    decimals: 0,
    schedule: { kind: 'quarterly', months: [4, 7, 10, 12], day: 1 },
    time: '23:50',
    mean: 13,
    sd: 2,
    phi: 0.7,
  },
  {
    code: 'jp-boj-rate',
    country: 'JP',
    name: 'BoJ Interest Rate Decision',
    importance: 'high',
    unit: '%',
    decimals: 2,
    schedule: { kind: 'meeting', months: [1, 3, 4, 6, 7, 9, 10, 12], day: 19 },
    time: '03:00',
    mean: 0.5,
    sd: 0,
    phi: 1,
  },
  {
    code: 'vn-cpi-yoy',
    country: 'VN',
    name: 'Inflation Rate YoY',
    importance: 'medium',
    unit: '%',
    decimals: 2,
    schedule: { kind: 'monthly', day: 6 },
    time: '03:00',
    mean: 3.3,
    sd: 0.3,
    phi: 0.8,
  },
  {
    code: 'vn-industrial-production',
    country: 'VN',
    name: 'Industrial Production YoY',
    importance: 'low',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 6 },
    time: '03:00',
    mean: 9,
    sd: 2,
    phi: 0.5,
  },
  {
    code: 'vn-trade-balance',
    country: 'VN',
    name: 'Balance of Trade',
    importance: 'low',
    unit: 'USD million',
    decimals: 0,
    schedule: { kind: 'monthly', day: 6 },
    time: '03:00',
    mean: 1500,
    sd: 800,
    phi: 0.4,
  },
  {
    code: 'vn-gdp-yoy',
    country: 'VN',
    name: 'GDP Growth Rate YoY',
    importance: 'high',
    unit: '%',
    decimals: 2,
    schedule: { kind: 'quarterly', months: [...Q], day: 6 },
    time: '03:00',
    mean: 7.0,
    sd: 0.5,
    phi: 0.6,
  },
  {
    code: 'eu-cpi-flash',
    country: 'EU',
    name: 'Inflation Rate YoY Flash',
    importance: 'high',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 2 },
    time: '09:00',
    mean: 2.1,
    sd: 0.15,
    phi: 0.85,
  },
  {
    code: 'eu-unemployment',
    country: 'EU',
    name: 'Unemployment Rate',
    importance: 'low',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 3 },
    time: '09:00',
    mean: 6.2,
    sd: 0.08,
    phi: 0.9,
  },
  {
    code: 'eu-manufacturing-pmi',
    country: 'EU',
    name: 'HCOB Manufacturing PMI Flash',
    importance: 'medium',
    unit: 'points',
    decimals: 1,
    schedule: { kind: 'monthly', day: 22 },
    time: '08:00',
    mean: 48.5,
    sd: 0.9,
    phi: 0.8,
  },
  {
    code: 'eu-gdp-qoq',
    country: 'EU',
    name: 'GDP Growth Rate QoQ Flash',
    importance: 'medium',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'quarterly', months: [1, 4, 7, 10], day: 30 },
    time: '09:00',
    mean: 0.2,
    sd: 0.2,
    phi: 0.3,
  },
  {
    code: 'eu-ecb-rate',
    country: 'EU',
    name: 'ECB Interest Rate Decision',
    importance: 'high',
    unit: '%',
    decimals: 2,
    schedule: { kind: 'meeting', months: [1, 3, 4, 6, 7, 9, 10, 12], day: 11 },
    time: '12:15',
    mean: 2.15,
    sd: 0,
    phi: 1,
  },
  {
    code: 'cn-cpi-yoy',
    country: 'CN',
    name: 'Inflation Rate YoY',
    importance: 'medium',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'monthly', day: 10 },
    time: '01:30',
    mean: 0.3,
    sd: 0.35,
    phi: 0.8,
  },
  {
    code: 'cn-nbs-pmi',
    country: 'CN',
    name: 'NBS Manufacturing PMI',
    importance: 'high',
    unit: 'points',
    decimals: 1,
    schedule: { kind: 'monthly', day: 30 },
    time: '01:30',
    mean: 49.6,
    sd: 0.5,
    phi: 0.7,
  },
  {
    code: 'cn-trade-balance',
    country: 'CN',
    name: 'Balance of Trade',
    importance: 'medium',
    unit: 'USD billion',
    decimals: 1,
    schedule: { kind: 'monthly', day: 9 },
    time: '03:00',
    mean: 95,
    sd: 12,
    phi: 0.6,
  },
  {
    code: 'cn-lpr-1y',
    country: 'CN',
    name: 'Loan Prime Rate 1Y',
    importance: 'medium',
    unit: '%',
    decimals: 2,
    schedule: { kind: 'monthly', day: 20 },
    time: '01:15',
    mean: 3.0,
    sd: 0,
    phi: 1,
  },
  {
    code: 'cn-gdp-yoy',
    country: 'CN',
    name: 'GDP Growth Rate YoY',
    importance: 'high',
    unit: '%',
    decimals: 1,
    schedule: { kind: 'quarterly', months: [1, 4, 7, 10], day: 16 },
    time: '02:00',
    mean: 5.0,
    sd: 0.3,
    phi: 0.6,
  },
];

const SOURCE = 'Demo economic calendar (demo)';
/** Releases from a fixed first day (a year before the tests' day), plus the scheduled (unreleased) ones of the weeks after `until`. */
const FIRST_DAY = '2025-06-20';
/** Months of releases drawn before the first day, so the first figures are not all at their mean. */
const WARM_UP_MONTHS = 2;
const AHEAD_DAYS = 60;

const pad = (n: number) => String(n).padStart(2, '0');

/** The release day in that month, moved off weekends (Saturday → Friday, Sunday → Monday). */
function releaseAt(year: number, month: number, day: number, time: string): Date {
  const last = daysInMonth(year, month);
  const date = new Date(`${year}-${pad(month)}-${pad(Math.min(day, last))}T${time}:00.000Z`);
  const weekday = date.getUTCDay();
  if (weekday === 6) return new Date(date.getTime() - DAY_MS);
  if (weekday === 0) return new Date(date.getTime() + DAY_MS);
  return date;
}

function periodOf(spec: SeriesSpec, year: number, month: number, at: Date): string {
  if (spec.schedule.kind === 'meeting') return isoDay(at);
  if (spec.schedule.kind === 'quarterly') {
    // The quarter before the one the release falls in.
    const current = Math.ceil(month / 3);
    return current === 1 ? `${year - 1}-Q4` : `${year}-Q${current - 1}`;
  }
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
}

function releasesIn(spec: SeriesSpec, month: number): boolean {
  return spec.schedule.kind === 'monthly' || spec.schedule.months.includes(month);
}

function nextValue(spec: SeriesSpec, random: SeededRandom, last: number): number {
  if (spec.schedule.kind === 'meeting' || spec.sd === 0) {
    // Policy rates move in quarter points, rarely, and drift toward their mean.
    const draw = random.next();
    const towardMean = last > spec.mean ? -0.25 : 0.25;
    return roundTo(draw < 0.12 ? last + towardMean : draw > 0.96 ? last - towardMean : last, 2);
  }
  return spec.mean + spec.phi * (last - spec.mean) + random.normal(0, spec.sd);
}

export const calendarDemoGenerator: DemoGenerator = {
  name: 'calendar',
  datasets: ['calendar'],
  async clear(db) {
    await db.deleteFrom('calendar_event').where('source', '=', SOURCE).execute();
  },
  async generate(ctx) {
    const untilEnd = Date.parse(`${ctx.until}T23:59:59.999Z`);
    const first = Date.parse(`${FIRST_DAY}T00:00:00.000Z`);
    const lastScheduled = untilEnd + AHEAD_DAYS * DAY_MS;
    const start = new Date(Date.UTC(Number(FIRST_DAY.slice(0, 4)), Number(FIRST_DAY.slice(5, 7)) - 1 - WARM_UP_MONTHS, 1));
    const rows: RowOf<'calendar_event'>[] = [];
    for (const spec of SERIES) {
      const random = ctx.random(spec.code);
      let value = spec.mean;
      for (let month = start.getUTCFullYear() * 12 + start.getUTCMonth(); Date.UTC(Math.floor(month / 12), month % 12, 1) <= lastScheduled; month++) {
        const [y, m] = [Math.floor(month / 12), (month % 12) + 1];
        if (!releasesIn(spec, m)) continue;
        const at = releaseAt(y, m, spec.schedule.day, spec.time);
        value = nextValue(spec, random, value);
        const actual = roundTo(value, spec.decimals);
        const forecast =
          spec.schedule.kind === 'meeting' || spec.sd === 0
            ? random.chance(0.85)
              ? actual
              : roundTo(actual + random.pick([-0.25, 0.25]), 2)
            : roundTo(value + random.normal(0, spec.sd * 0.6), spec.decimals);
        if (at.getTime() < first || at.getTime() > lastScheduled) continue;
        rows.push({
          id: `${spec.code}-${isoDay(at)}`,
          series: spec.code,
          country: spec.country,
          name: spec.name,
          importance: spec.importance,
          scheduled_at: at.toISOString(),
          period: periodOf(spec, y, m, at),
          // A macro figure's actual is the macro store's (macro-releases.ts); the calendar keeps its schedule and consensus.
          actual: at.getTime() <= untilEnd && !isMacroRelease(spec.code) ? actual : null,
          forecast,
          unit: spec.unit,
          source: SOURCE,
        });
      }
    }
    // Imported events win (same series and day, same id): the demo fills around them.
    await insertRows(ctx.db, 'calendar_event', rows, { onConflict: { key: ['id'], keep: 'stored' } });
  },
};

/**
 * When each fact's publisher puts out its next figure, so a fact left behind can be called
 * stale (freshness.ts). A fact's cadence is its family's (families.ts `frequency`, refined per
 * family below) unless a series of it keeps another timetable (quarterly GDP among monthly
 * macro series, monthly averages among daily commodity closes).
 *
 * The lags are each publisher's usual delay between the end of a period and its first figure
 * for it (its customary timetable, not read from a release calendar), with a few days' margin
 * so a release a day late is not called stale; where a publisher keeps no fixed timetable the
 * value is deliberately generous and its basis says "conservative".
 */
import { METHOD_CHANGE_MARKER } from './names.ts';
import { factName, storedFacts } from './names.ts';
import type { Frequency } from './families.ts';

/**
 * The length of one period. `business-day`: Monday to Friday, exchange holidays not modelled
 * (the lag of a daily close allows for a holiday or two; a longer closure — Golden Week, Tết —
 * shows the close stale until trading resumes).
 */
export type CadencePeriod = 'business-day' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export type Cadence =
  /** A figure per period: the next period's is due `lagDays` after that period ends (business days for `business-day`). */
  | { kind: 'periodic'; period: CadencePeriod; lagDays: number; basis: string }
  /** Dated ahead (a release calendar): due `lagDays` after the last date held, when the schedule has run out. */
  | { kind: 'schedule'; lagDays: number; basis: string }
  /** No due date: reference data revised now and then, events that come when they come. */
  | { kind: 'none'; basis: string };

const periodic = (period: CadencePeriod, lagDays: number, basis: string): Cadence => ({ kind: 'periodic', period, lagDays, basis });

/** The cadence a family's `frequency` implies when nothing more is known of its publisher. */
const BY_FREQUENCY: Readonly<Record<Frequency, Cadence>> = {
  intraday: periodic('day', 1, 'published through the day: a day without a new figure, plus a day, is late'),
  daily: periodic('business-day', 2, 'a close is published the next business day; one more business day allows for a holiday'),
  weekly: periodic('week', 7, 'conservative: a week after the next week ends'),
  monthly: periodic('month', 45, 'conservative: most monthly statistics appear within a month to six weeks of the month'),
  quarterly: periodic('quarter', 90, 'conservative: most quarterly statistics appear within one to three months of the quarter'),
  annual: periodic('year', 180, 'conservative: annual figures appear within a few months of the year'),
  event: { kind: 'none', basis: 'events come when they come: no date says one is missing' },
  static: { kind: 'none', basis: 'reference data, revised now and then: never due' },
};

/** Families whose publishers keep another timetable than their frequency's default. */
const BY_FAMILY: Readonly<Record<string, Cadence>> = {
  // The listed issues are refreshed daily but are reference data: the current list, whatever its date.
  'equity.issue': { kind: 'none', basis: 'reference data (the current list of issues): never due' },
  // Crypto markets trade every day; Coin Metrics' and Alternative.me's daily figures follow the UTC day.
  'crypto.metric': periodic('day', 2, "a UTC day's figure is published after the day ends; a day's margin"),
  'crypto.fearGreed': periodic('day', 2, "one value a UTC day; a day's margin"),
  // CoinGecko's snapshot is taken at each sync: a day without one means the source stopped.
  'crypto.snapshot': periodic('day', 1, 'taken at each sync: a day without a snapshot, plus a day, is late'),
  // Feeds publish many times a day; a quiet feed may skip a weekend day.
  'news.article': periodic('day', 2, 'conservative: articles appear daily; two days without one allows for a quiet weekend'),
  'news.symbol': periodic('day', 2, 'with its articles'),
  'news.category': periodic('day', 2, 'with its articles'),
  // The stored date is the disclosure day: TSE-listed issuers disclose statements on most business days.
  'equity.statement': periodic('business-day', 5, 'dated by disclosure day: issuers disclose on most business days; a week without one means the feed stopped'),
  // A release calendar is dated ahead; once its last date has passed, the next one is overdue.
  'calendar.event': {
    kind: 'schedule',
    lagDays: 7,
    basis: "a release calendar is published ahead (BLS posts the next year's in the autumn): a week after its last date it has run out",
  },
  'calendar.forecast': {
    kind: 'schedule',
    lagDays: 7,
    basis: 'forecasts come with the schedule they belong to: a week after the last forecast release date they have run out',
  },
  // Vietnam's provincial land price tables apply for a calendar year and are issued before it starts (Land Law 2024: adjusted each 1 January).
  're.roadPrice': periodic('year', 31 - 365, "each year's table is issued for 1 January; a month's margin after the year starts"),
  // MLIT publishes the transactions of a quarter about three months after it ends, quarter by quarter (四半期毎に3ヶ月単位でとりまとめて公表).
  're.transaction': periodic('quarter', 105, "MLIT publishes a quarter's transactions about three months after it ends; two weeks' margin"),
  're.provincePrice': periodic('month', 45, 'conservative: listing averages of a month appear within weeks of it'),
};

/**
 * Macro series by their key after the country (`gdp.real` of `jp.gdp.real`): the statistic's
 * frequency and its usual first-release delay across the countries served.
 */
const MACRO_SERIES: Readonly<Record<string, Cadence>> = {
  'gdp.nominal': periodic(
    'quarter',
    65,
    "first estimates come one to two months after the quarter (US advance ~30 days, Japan's first preliminary ~45 days); a margin",
  ),
  'gdp.real': periodic(
    'quarter',
    65,
    "first estimates come one to two months after the quarter (US advance ~30 days, Japan's first preliminary ~45 days); a margin",
  ),
  'gdp.growth-published': periodic('quarter', 30, "Vietnam's statistics office publishes the quarter's growth in the first days after it"),
  cpi: periodic('month', 35, "a month's CPI comes within about a month (US mid-month, Japan around the 20th, Vietnam early in the month)"),
  'cpi.core': periodic('month', 35, 'with the CPI'),
  pce: periodic('month', 40, 'BEA publishes personal income and outlays at the end of the following month'),
  'pce.core': periodic('month', 40, 'with the PCE'),
  'policy-rate': periodic('month', 20, "a month's end-of-month rate is known at once; central banks' series update within weeks"),
  'overnight-rate': periodic('month', 20, "a month's average is known at once; central banks' series update within weeks"),
  unemployment: periodic('month', 40, "labour-force surveys appear within about a month (US first Friday, Japan's at the month's end)"),
  'bond-10y': periodic('month', 15, "a month's average yield is known at once; MOF's and FRED's files update within days"),
  'pmi.manufacturing': periodic('month', 15, 'PMIs are published in the first business days of the next month'),
  'pmi.services': periodic('month', 15, 'PMIs are published in the first business days of the next month'),
  'retail-sales': periodic('month', 45, 'retail sales come within about six weeks'),
  'industrial-production': periodic('month', 40, "industrial production comes within about a month (Japan's preliminary at the month's end)"),
  ppi: periodic('month', 35, "producer prices come within about a month (US mid-month, Japan's CGPI in the second week)"),
  'import-prices': periodic('month', 35, 'trade price indices come within about a month (US mid-month)'),
  'export-prices': periodic('month', 35, 'trade price indices come within about a month (US mid-month)'),
  exports: periodic('month', 50, 'trade statistics come within five to seven weeks'),
  imports: periodic('month', 50, 'trade statistics come within five to seven weeks'),
  'current-account-to-gdp': periodic('quarter', 100, 'conservative: balance of payments ratios come within about three months'),
  'government-debt-to-gdp': periodic('quarter', 100, 'conservative: public debt ratios come within about three months'),
  population: periodic('month', 60, "monthly estimates (Japan's preliminary, Census's POPTHM) come within weeks; an annual series is read at its year"),
  payrolls: periodic('month', 15, 'BLS publishes the Employment Situation on the first Friday of the next month'),
};

/** Macro series whose whole key says more than its last part (`jp.tibor.3m`, `vn.fdi.realized-ytd`). */
const MACRO_KEYS: readonly { start: string; cadence: Cadence }[] = [
  { start: 'jp.tibor.', cadence: periodic('business-day', 2, "JBA fixes TIBOR every business day at 11:00 Tokyo time; a business day's margin") },
  {
    start: 'jp.gdp.',
    cadence: periodic('quarter', 50, "ESRI's first preliminary estimate comes about 45 days after the quarter (1次速報); five days' margin"),
  },
  { start: 'jp.fdi.', cadence: periodic('quarter', 75, "MOF's balance of payments by region comes about two months after the quarter; two weeks' margin") },
  { start: 'vn.fdi.', cadence: periodic('month', 20, "Vietnam's FDI agency publishes the year-to-date totals at each month's end") },
  // Vietnam's statistics office's e-GDDS files: the recorded ones of 2024 were prepared 9 to 24 days after the period they end with.
  { start: 'vn.cpi.core-yoy', cadence: periodic('month', 40, "the statistics office's e-GDDS CPI file follows its monthly release within weeks") },
  ...['vn.gdp.nominal', 'vn.gdp.real'].map((start) => ({
    start,
    cadence: periodic('quarter', 45, "the statistics office's e-GDDS GDP file follows its quarterly release within weeks"),
  })),
  { start: 'vn.unemployment', cadence: periodic('quarter', 45, "the statistics office's quarterly labour force survey reaches its e-GDDS file within weeks") },
  { start: 'vn.cpi', cadence: periodic('month', 75, "Vietnam's CPI reaches the IMF's CPI dataset a month or two after the statistics office publishes it") },
];

/** The closes, by stored fact, with another timetable than their family's daily close. */
const CLOSES: Readonly<Record<string, Cadence>> = Object.fromEntries([
  // IMF Primary Commodity Prices (via FRED): monthly averages, dated the month's first day, published early the next month.
  ...['copper-lme', 'aluminium-lme', 'zinc-lme', 'nickel-lme', 'iron-ore', 'coal-newcastle', 'cocoa', 'coffee-arabica', 'sugar-11', 'cotton'].map((slug) => [
    storedFacts.close(`commodity:${slug}`),
    periodic('month', 20, "the IMF's monthly averages are published in the first weeks of the next month"),
  ]),
  // The World Bank's Pink Sheet: monthly averages published in the first business days of the next month.
  ...['gold', 'silver', 'platinum'].map((slug) => [
    storedFacts.close(`commodity:${slug}`),
    periodic('month', 15, "the World Bank's Pink Sheet comes out in the first business days of the next month"),
  ]),
]);

const familyCadence = (family: { name: string; frequency: Frequency }): Cadence => BY_FAMILY[family.name] ?? BY_FREQUENCY[family.frequency];

/** The cadence of a stored fact (`macro_observation:jp.gdp.real`, `etf_nav`); throws, as factName does, for one no family holds. */
export function cadenceOf(stored: string): Cadence {
  const { family, key } = factName(stored);
  if (family.name === 'macro' && key !== '') {
    // A marker version at the first quarter of a new method (jp.fdi.*.method-change): comes when the publisher changes method.
    if (key.endsWith(`.${METHOD_CHANGE_MARKER}`)) return { kind: 'none', basis: 'a marker of a change of method: comes when the publisher changes it' };
    const whole = MACRO_KEYS.find((entry) => key.startsWith(entry.start));
    if (whole !== undefined) return whole.cadence;
    const series = MACRO_SERIES[key.slice(key.indexOf('.') + 1)];
    if (series !== undefined) return series;
  }
  return CLOSES[stored] ?? familyCadence(family);
}

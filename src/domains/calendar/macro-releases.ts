import { derivationSeries, findIndicatorTable, type Derivation } from '../macro/indicator-tables.ts';
import { deriveCell } from '../macro/indicators.service.ts';
import { byPeriod, type MacroRepo } from '../macro/macro.repo.ts';
import { addMonths, addQuarters } from '../../kernel/dates.ts';
import { countrySeries, type MacroCountry } from '../macro/series.ts';

/** How a calendar series' figure comes from stored macro series: one derivation of indicator-tables.ts. */
interface ReleaseFigure {
  country: MacroCountry;
  frequency: 'month' | 'quarter';
  derivation: Derivation;
}

/** The figure an indicator table shows for the country: the calendar and `/macro/indicators/{name}` show one value. */
function tableCell(name: string, country: MacroCountry): ReleaseFigure {
  const table = findIndicatorTable(name);
  if (table === undefined) throw new Error(`macro-releases: no indicator table "${name}"`);
  return { country, frequency: table.frequency, derivation: table.rows[country].derivation };
}

/**
 * Calendar series whose figure is computed from the macro store: their actual (and so the next
 * release's previous) is read from it by the one derivation of deriveCell, as known at the
 * request. The calendar stores only their schedule and consensus. Policy decisions are not among
 * them: the macro store learns a month's policy rate after the month, the calendar the decision
 * on the day.
 */
const MACRO_RELEASES: Readonly<Record<string, ReleaseFigure>> = {
  'us-cpi-yoy': tableCell('inflation-rate', 'US'),
  'us-unemployment': tableCell('unemployment-rate', 'US'),
  'us-ism-manufacturing': tableCell('manufacturing-pmi', 'US'),
  // The Employment Situation's headline: payrolls added in the month (PAYEMS, thousands).
  'us-nfp': { country: 'US', frequency: 'month', derivation: { kind: 'increase', series: 'payrolls', lag: 1 } },
  // BEA's headline (FRED A191RL1Q225SBEA): real GDP's change on the quarter at an annual rate.
  'us-gdp-qoq': { country: 'US', frequency: 'quarter', derivation: { kind: 'annualized-change', series: 'gdpReal', periodsPerYear: 4 } },
  // The Census Bureau's headline: retail and food services sales (RSAFS) against the month before.
  'us-retail-sales-mom': { country: 'US', frequency: 'month', derivation: { kind: 'change', series: 'retailSales', lag: 1 } },
  'jp-cpi-yoy': tableCell('inflation-rate', 'JP'),
  'jp-unemployment': tableCell('unemployment-rate', 'JP'),
  'jp-gdp-qoq': tableCell('gdp-growth-rate', 'JP'),
  'vn-cpi-yoy': tableCell('inflation-rate', 'VN'),
  'vn-industrial-production': tableCell('industrial-production-growth', 'VN'),
  'vn-trade-balance': tableCell('trade-balance', 'VN'),
  'vn-gdp-yoy': tableCell('gdp-growth-rate', 'VN'),
};

export const isMacroRelease = (series: string): boolean => series in MACRO_RELEASES;

/** The macro series keys the calendar's actuals are computed from (what `/calendar/events` reads of the macro store). */
export const MACRO_RELEASE_SERIES: readonly string[] = [
  ...new Set(Object.values(MACRO_RELEASES).flatMap(({ country, derivation }) => derivationSeries(derivation).map((s) => countrySeries(country, s)))),
];

interface Release {
  series: string;
  /** A month or a quarter, as the macro store labels them. */
  period: string;
}

/**
 * The macro figure of each release of a mapped series, as known at `cutoff`; `null` where the
 * macro store has none. Keyed `series period`.
 */
export async function macroActuals(repo: MacroRepo, releases: readonly Release[], cutoff: string): Promise<Map<string, number | null>> {
  const mapped = releases.flatMap((release) => {
    const figure = MACRO_RELEASES[release.series];
    return figure === undefined ? [] : [{ ...release, ...figure }];
  });
  const keys = [...new Set(mapped.flatMap(({ derivation, country }) => derivationSeries(derivation).map((s) => countrySeries(country, s))))];
  if (keys.length === 0) return new Map();
  const served = await repo.series({ series: keys, cutoff });
  const indexes = new Map(keys.map((key) => [key, byPeriod(served.get(key))]));
  return new Map(
    mapped.map(({ series, period, derivation, country, frequency }) => {
      const shift = frequency === 'quarter' ? addQuarters : addMonths;
      return [`${series} ${period}`, deriveCell(derivation, indexes, country, period, shift).value];
    }),
  );
}
